import { useNavigate } from 'react-router';
import type { ConsultantClient } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates } from '../../../ui/ListPage';
import { useTerminology } from '../../terminology/terminology.api';
import { useConsultantClients, useSwitchToClient } from '../consultants.api';
import { planText } from '../consultant-words';
import { termPlural } from '../../terminology/term-words';

function ClientCard({
  client,
  onSwitch,
  switching,
}: {
  client: ConsultantClient;
  onSwitch: () => void;
  switching: boolean;
}) {
  const terms = useTerminology();
  const current = useSession((state) => state.user?.organizationId === client.organizationId);
  const { figures } = client;
  const headingId = `client-${client.organizationId}`;
  return (
    <li aria-labelledby={headingId} className={`${LIST_CARD_CLASSES} flex flex-col gap-3 p-4`}>
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {client.organizationName}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Access: {client.accessLevel}
          {client.clientStatus === 'active' ? '' : ` • ${client.clientStatus}`}
          {client.plan ? ` • ${planText(client.plan)}` : ''}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Members', String(figures.members)],
          [`Open ${terms.issues_label}`, String(figures.openIssues)],
          [`${terms.priorities_label} on track`, `${figures.prioritiesOnTrack} / ${figures.prioritiesThisQuarter}`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={onSwitch} loading={switching} disabled={current} className="self-start">
        {current ? 'You are working here' : `Work in ${client.organizationName}`}
      </Button>
    </li>
  );
}

export default function ConsultantDashboardPage() {
  const terms = useTerminology();
  usePageMeta({
    title: 'Consultant Dashboard',
    description: `Your client ${termPlural(terms, 'organization_label')} and a switch to work inside each one.`,
    robots: 'noindex,nofollow',
  });
  const isConsultant = useSession((state) => state.user?.isConsultant ?? false);
  const clients = useConsultantClients(isConsultant);
  const switcher = useSwitchToClient();
  const navigate = useNavigate();
  const list = clients.data?.clients ?? [];

  const switchTo = (organizationId: string) =>
    switcher
      .mutateAsync(organizationId)
      .then(() => navigate('/dashboard'))
      // The failure is shown from the mutation's state.
      .catch(() => undefined);

  return (
    <ListPage
      titleId="page-title"
      title="Consultant Dashboard"
      subtitle={`The client ${termPlural(terms, 'organization_label')} that granted you access, with a few live figures.`}
    >
      {switcher.isError ? (
        <Banner tone="error">{errorText(switcher.error, 'Switching failed. Please try again.')}</Banner>
      ) : null}
      {isConsultant ? (
        <ListStates
          query={clients}
          loadingLabel="Loading your clients"
          errorFallback="Your clients could not be loaded."
          isEmpty={list.length === 0}
          empty={
            <EmptyNote>
              No client has granted you access yet. A client administrator invites you by e-mail from their settings.
            </EmptyNote>
          }
        >
          <ul aria-label="Client organizations" className="grid gap-4 sm:grid-cols-2">
            {list.map((client) => (
              <ClientCard
                key={client.organizationId}
                client={client}
                switching={switcher.isPending && switcher.variables === client.organizationId}
                onSwitch={() => void switchTo(client.organizationId)}
              />
            ))}
          </ul>
          {clients.data?.truncated ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Only your first 50 clients are shown.</p>
          ) : null}
        </ListStates>
      ) : (
        <EmptyNote>
          This dashboard is for consultant accounts. A consultant registers at /consultant-register, then a client
          administrator invites them by e-mail.
        </EmptyNote>
      )}
    </ListPage>
  );
}
