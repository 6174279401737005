import type { ReactNode } from 'react';
import type { AdminToolFigures, Terminology } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { ListPage } from '../../../ui/ListPage';
import { ProductInterestCard } from '../../analytics/components/ProductInterestCard';
import { termPlural } from '../../terminology/term-words';
import { useTerminology } from '../../terminology/terminology.api';
import { pageTitle, type PageId } from '../../workspace/page-catalog';
import { StatusBadge } from '../components/StatusBadge';
import { ToolCard } from '../components/ToolCard';
import { useAdminToolFigures } from '../operations.api';

interface Tool {
  page: PageId;
  to: string;
  line: (terms: Terminology) => string;
  figure?: (figures: AdminToolFigures, terms: Terminology) => ReactNode;
}

const figureText = (text: string) => <span className="font-medium text-slate-800 dark:text-slate-100">{text}</span>;

/** Every admin page and import of the app (routes.tsx), grouped by what an admin comes to do. */
const GROUPS: Array<{ id: string; title: string; tools: Tool[] }> = [
  {
    id: 'people',
    title: 'People',
    tools: [
      {
        page: 'users',
        to: '/users',
        line: () => 'Invite people, change their roles and deactivate accounts.',
        figure: (figures) =>
          figureText(
            `${countOf(figures.activeMembers, 'active member', 'active members')} · ${countOf(figures.pendingInvitations, 'pending invitation', 'pending invitations')}`,
          ),
      },
      {
        page: 'departments',
        to: '/departments',
        line: (t) => `Create ${termPlural(t, 'department_label')} and choose their members and leads.`,
        figure: (figures, t) =>
          figureText(countOf(figures.teams, t.department_label, termPlural(t, 'department_label'))),
      },
      {
        page: 'adminBulkImport',
        to: '/admin/bulk-import',
        line: () => 'Invite many people at once from a CSV or Excel file.',
      },
      {
        page: 'userActivity',
        to: '/admin/user-activity',
        line: () =>
          'Who did what and when: sign-ins, role changes, invitations and every other change, with a CSV export.',
      },
    ],
  },
  {
    id: 'imports',
    title: 'Imports',
    tools: [
      {
        page: 'adminImportTodos',
        to: '/admin/import-todos',
        line: (t) => `Bring existing ${t.todos_label} in from a spreadsheet.`,
      },
      {
        page: 'prioritiesImport',
        to: '/priorities/import',
        line: (t) => `Bring existing ${t.priorities_label} and their ${t.milestones_label} in from a spreadsheet.`,
      },
      {
        page: 'issuesImport',
        to: '/issues/import',
        line: (t) => `Bring existing ${t.issues_label} in from a spreadsheet.`,
      },
      {
        page: 'adminImportScorecard',
        to: '/admin/import-scorecard',
        line: (t) => `Bring your weekly numbers and their history into the ${t.scorecard_label} from a spreadsheet.`,
      },
    ],
  },
  {
    id: 'operations',
    title: 'Keeping things running',
    tools: [
      {
        page: 'failedOperations',
        to: '/admin/failed-operations',
        line: () => 'Background work (such as sending a mail) that failed after all its attempts: retry or discard it.',
        figure: (figures) =>
          figures.failedOperations > 0 ? (
            <StatusBadge tone="warning">
              {countOf(figures.failedOperations, 'failed operation', 'failed operations')}
            </StatusBadge>
          ) : (
            figureText('None failed')
          ),
      },
      {
        page: 'systemHealth',
        to: '/admin/system-health',
        line: () =>
          'The database, mail, background jobs, storage and backups, each green, amber or red with the reason.',
      },
      {
        page: 'dataIsolation',
        to: '/admin/data-isolation',
        line: () => "Prove that no other organization can read this organization's data.",
      },
      {
        page: 'adminActiveMeetings',
        to: '/admin/active-meetings',
        line: () => 'Meetings running right now, and a way to end one that was left open.',
      },
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    tools: [
      {
        page: 'organizationSettings',
        to: '/organization-settings',
        line: () => 'Name, colours, logo, time zone, calendar and methodology.',
      },
      {
        page: 'terminologySettings',
        to: '/terminology-settings',
        line: () => 'The words Keel uses for each concept in your organization.',
      },
      {
        page: 'storage',
        to: '/organization-settings/storage',
        line: () => 'Keep company documents in your own Google Drive, OneDrive or SharePoint.',
      },
      {
        page: 'integrations',
        to: '/organization-settings/integrations',
        line: () => 'API keys for other systems to read and change your data through the API.',
      },
      { page: 'billing', to: '/billing', line: () => 'Your plan, seats, invoices and payment details.' },
    ],
  },
];

/**
 * /admin/tools (admins): the hub of every admin tool and import, with live figures where they help;
 * the owner also sees the organization's product interest.
 */
export default function AdminToolsPage() {
  usePageMeta({
    title: 'Admin tools',
    description: 'Administrative tools and imports for this organization',
    robots: 'noindex,nofollow',
  });
  const terms = useTerminology();
  const figures = useAdminToolFigures();
  const isOwner = useSession((state) => state.user?.role === 'owner');
  return (
    <ListPage
      titleId="admin-tools-title"
      title="Admin tools"
      subtitle="Every administrative tool and import of this organization in one place."
    >
      {figures.isError ? (
        <Banner tone="warning">
          {errorText(figures.error, 'The live figures could not be loaded.')} The tools below work all the same.
        </Banner>
      ) : null}
      {GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`admin-tools-${group.id}`} className="grid gap-3">
          <h2 id={`admin-tools-${group.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {group.title}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.tools.map((tool) => (
              <li key={tool.to}>
                <ToolCard
                  to={tool.to}
                  title={pageTitle(tool.page, terms)}
                  line={tool.line(terms)}
                  figure={figures.data && tool.figure ? tool.figure(figures.data, terms) : undefined}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {isOwner ? <ProductInterestCard /> : null}
    </ListPage>
  );
}
