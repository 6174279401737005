import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  CHAT_EVENT_KEYS,
  CHAT_PROVIDER_KEYS,
  CHAT_PROVIDERS,
  CHAT_WEBHOOK_URL_MAX,
  type ChatConnection,
  type ChatEvent,
  type ChatProvider,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateChatConnection, useUpdateChatConnection } from '../chat-notifications.api';
import { chatEventLabel } from '../chat-words';

export interface TeamChoice {
  id: string;
  name: string;
}

const WHERE_TO_FIND: Record<ChatProvider, string> = {
  slack:
    'In Slack: add the Incoming Webhooks app to the channel and copy its https://hooks.slack.com/services/… address.',
  teams:
    'In Microsoft Teams: in the channel, add the Workflows template "Post to a channel when a webhook request is received" and copy the address it gives.',
};

/** A team's channel: new (team, provider, address, events) or changed (events, optionally a new address). */
export function ChatConnectionDialog({
  teams,
  connection,
  onClose,
}: {
  teams: TeamChoice[];
  /** The connection to change; a new one without it. */
  connection?: ChatConnection;
  onClose: () => void;
}) {
  const terms = useTerminology();
  const create = useCreateChatConnection();
  const update = useUpdateChatConnection();
  const [teamId, setTeamId] = useState(connection?.teamId ?? teams[0]?.id ?? '');
  const [provider, setProvider] = useState<ChatProvider>(connection?.provider ?? 'slack');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [events, setEvents] = useState<ChatEvent[]>(connection?.events ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = connection ? update : create;

  const toggle = (event: ChatEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((chosen) => chosen !== event)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = webhookUrl.trim();
    if (!connection && !teamId) return setProblem('Choose the team whose events go to this channel.');
    if ((!connection || address) && !/^https?:\/\/\S+$/.test(address)) {
      return setProblem('Paste the https address the channel’s incoming webhook gave you.');
    }
    if (events.length === 0) return setProblem('Choose at least one event to post.');
    setProblem(null);
    const ordered = CHAT_EVENT_KEYS.filter((key) => events.includes(key));
    const done = () => {
      toast.success(connection ? 'Channel saved' : 'Channel connected');
      onClose();
    };
    if (connection) {
      update.mutate(
        {
          id: connection.id,
          version: connection.version,
          events: ordered,
          ...(address ? { webhookUrl: address } : {}),
        },
        { onSuccess: done },
      );
    } else {
      create.mutate({ teamId, provider, webhookUrl: address, events: ordered }, { onSuccess: done });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={connection ? 'Change the channel' : 'Connect a channel'}
      description="Keel posts the chosen events of one team to a Slack or Microsoft Teams channel as they happen."
      size="lg"
    >
      <form aria-label="Chat channel" noValidate onSubmit={submit} className="space-y-4">
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        {saving.isError ? (
          <Banner tone="error">{errorText(saving.error, 'The channel could not be saved. Please try again.')}</Banner>
        ) : null}
        {connection ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Team" value={teamId} onChange={(event) => setTeamId(event.target.value)}>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="App"
              value={provider}
              onChange={(event) => setProvider(event.target.value as ChatProvider)}
            >
              {CHAT_PROVIDER_KEYS.map((key) => (
                <option key={key} value={key}>
                  {CHAT_PROVIDERS[key].label}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <div>
          <PasswordField
            label={connection ? 'New webhook address (leave empty to keep it)' : 'Webhook address'}
            autoComplete="off"
            inputMode="url"
            value={webhookUrl}
            maxLength={CHAT_WEBHOOK_URL_MAX}
            onChange={(event) => setWebhookUrl(event.target.value)}
          />
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {WHERE_TO_FIND[connection?.provider ?? provider]} Keel keeps it sealed and shows only its end.
          </p>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Post when</legend>
          <div className="grid gap-2">
            {CHAT_EVENT_KEYS.map((key) => (
              <Checkbox
                key={key}
                label={chatEventLabel(key, terms)}
                checked={events.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {connection ? 'Save' : 'Connect channel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
