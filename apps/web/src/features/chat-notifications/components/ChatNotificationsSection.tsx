import { useState } from 'react';
import toast from 'react-hot-toast';
import { CHAT_PROVIDERS, type ChatConnection } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TurnOnOffButton } from '../../integrations/components/TurnOnOffButton';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { useAllDepartments } from '../../departments/departments.api';
import { RemoveConnectionDialog } from '../../integrations/components/RemoveConnectionDialog';
import { useTerminology } from '../../terminology/terminology.api';
import {
  useChatConnections,
  useDeleteChatConnection,
  useSendChatTest,
  useUpdateChatConnection,
} from '../chat-notifications.api';
import { chatEventLabel } from '../chat-words';
import { ChatConnectionDialog, type TeamChoice } from './ChatConnectionDialog';

/** Per team, the Slack or Microsoft Teams channel its chosen events are posted to. */
export function ChatNotificationsSection() {
  const terms = useTerminology();
  const connections = useChatConnections();
  const departments = useAllDepartments();
  const [adding, setAdding] = useState(false);
  const list = connections.data ?? [];
  const teams: TeamChoice[] = (departments.data ?? []).map(({ id, name }) => ({ id, name }));
  const teamName = (id: string) => teams.find((team) => team.id === id)?.name ?? 'A team no longer active';

  return (
    <section aria-labelledby="chat-notifications-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="chat-notifications-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Chat notifications
        </h2>
        <Button onClick={() => setAdding(true)} disabled={teams.length === 0}>
          Connect a channel
        </Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Post a team’s meeting recaps, {terms.priorities_label} going off track, new {terms.issues_label} and missing{' '}
        {terms.scorecard_label} numbers to a Slack or Microsoft Teams channel, through the channel’s incoming webhook.
      </p>
      {departments.isError ? (
        <Banner tone="error">{errorText(departments.error, 'The teams could not be loaded.')}</Banner>
      ) : null}
      <ListStates
        query={connections}
        loadingLabel="Loading the chat channels"
        errorFallback="The chat channels could not be loaded."
        isEmpty={list.length === 0}
        empty={<EmptyNote>No team posts to a chat channel yet.</EmptyNote>}
      >
        <ul aria-label="Chat channels" className="grid gap-3">
          {list.map((connection) => (
            <li key={connection.id}>
              <ConnectionCard connection={connection} teamName={teamName(connection.teamId)} teams={teams} />
            </li>
          ))}
        </ul>
      </ListStates>
      {adding ? <ChatConnectionDialog teams={teams} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function ConnectionCard({
  connection,
  teamName,
  teams,
}: {
  connection: ChatConnection;
  teamName: string;
  teams: TeamChoice[];
}) {
  const terms = useTerminology();
  const update = useUpdateChatConnection();
  const test = useSendChatTest();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const failure = update.error ?? test.error;
  const title = `${teamName} in ${CHAT_PROVIDERS[connection.provider].label}`;

  return (
    <article
      aria-label={title}
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900 dark:text-white">{title}</span>
        <span
          className={
            connection.enabled
              ? 'rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900 dark:text-green-100'
              : 'rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100'
          }
        >
          {connection.enabled ? 'Active' : 'Turned off'}
        </span>
      </div>
      <p className="font-mono text-slate-700 wrap-anywhere dark:text-slate-300">{connection.webhookUrlMasked}</p>
      <p className="text-slate-700 dark:text-slate-300">
        {connection.events.map((event) => chatEventLabel(event, terms)).join(' · ')}
      </p>
      {connection.disabledReason ? <Banner tone="warning">{connection.disabledReason}</Banner> : null}
      {failure ? <Banner tone="error">{errorText(failure, 'That did not work. Please try again.')}</Banner> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={test.isPending}
          disabled={!connection.enabled}
          onClick={() => test.mutate(connection.id, { onSuccess: () => toast.success('Test message sent') })}
        >
          Send test message
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          Change
        </Button>
        <TurnOnOffButton
          noun="Channel"
          enabled={connection.enabled}
          busy={update.isPending}
          onToggle={(enabled, options) =>
            update.mutate({ id: connection.id, version: connection.version, enabled }, options)
          }
        />
        <Button size="sm" variant="ghost" onClick={() => setRemoving(true)}>
          Remove
        </Button>
      </div>
      {editing ? (
        <ChatConnectionDialog teams={teams} connection={connection} onClose={() => setEditing(false)} />
      ) : null}
      {removing ? <RemoveDialog connection={connection} title={title} onClose={() => setRemoving(false)} /> : null}
    </article>
  );
}

function RemoveDialog({
  connection,
  title,
  onClose,
}: {
  connection: ChatConnection;
  title: string;
  onClose: () => void;
}) {
  return (
    <RemoveConnectionDialog noun="channel" id={connection.id} remove={useDeleteChatConnection()} onClose={onClose}>
      <p>Keel stops posting {title}. To pause it instead, turn it off.</p>
    </RemoveConnectionDialog>
  );
}
