import { useState } from 'react';
import type { AuditEventFilter } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { DateField, PersonOptions, SelectField } from '../../../ui/FormFields';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { useTerminology } from '../../terminology/terminology.api';
import { usePeople } from '../../people/people.api';
import { actionLabel } from '../action-labels';
import { ActivityTable } from '../components/ActivityTable';
import { downloadAuditCsv, useAuditActions, useAuditEvents } from '../user-activity.api';

/**
 * /admin/user-activity (admins and owners): the audit log — sign-ins, failed sign-ins, role
 * changes, invitations, consultant switches and every other change — filtered and exported as CSV.
 */
export default function UserActivityPage() {
  usePageMeta({ title: 'User activity', description: 'Who did what, and when', robots: 'noindex,nofollow' });
  const organizationId = useOrganizationId();
  const [filter, setFilter] = useState<AuditEventFilter>({});
  const events = useAuditEvents(filter);
  const actions = useAuditActions();
  const people = usePeople();
  const terms = useTerminology();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const rows = events.data?.pages.flatMap((page) => page.data) ?? [];
  const set = (key: keyof AuditEventFilter, value: string) =>
    setFilter((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  const exportCsv = async () => {
    if (!organizationId) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(organizationId, filter);
    } catch (error) {
      setExportError(errorText(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage
      titleId="user-activity-title"
      title="User activity"
      subtitle="Sign-ins, failed sign-ins, role changes, invitations, consultant switches and every other change, newest first."
      actions={
        <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      }
    >
      <Card className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Person"
          value={filter.actorId ?? ''}
          onChange={(event) => set('actorId', event.target.value)}
        >
          <PersonOptions people={people.data ?? []} none="Everyone" />
        </SelectField>
        <SelectField label="Action" value={filter.action ?? ''} onChange={(event) => set('action', event.target.value)}>
          <option value="">All actions</option>
          {(actions.data ?? []).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action, terms.team_label)}
            </option>
          ))}
        </SelectField>
        <DateField label="From" value={filter.from ?? ''} onChange={(event) => set('from', event.target.value)} />
        <DateField label="To" value={filter.to ?? ''} onChange={(event) => set('to', event.target.value)} />
      </Card>
      {exportError ? <Banner tone="error">{exportError}</Banner> : null}
      <ListStates
        query={events}
        loadingLabel="Loading activity…"
        errorFallback="The activity could not be loaded. Please try again."
        isEmpty={rows.length === 0}
        empty={<EmptyNote>No activity matches these filters.</EmptyNote>}
      >
        <ActivityTable events={rows} teamLabel={terms.team_label} />
        <ShowMore
          hasMore={Boolean(events.hasNextPage)}
          loading={events.isFetchingNextPage}
          onMore={() => events.fetchNextPage()}
          className="flex justify-center"
        />
      </ListStates>
    </ListPage>
  );
}
