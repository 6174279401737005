import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions } from '../../../ui/FormFields';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateWebhookEndpoint } from '../integrations.api';
import { eventLabel } from '../integration-words';
import { SecretOnce } from './SecretOnce';

/** An address and the events it wants; then its signing secret, once. */
export function AddWebhookDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWebhookEndpoint();
  const terms = useTerminology();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((chosen) => chosen !== type)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/.test(url.trim())) return setProblem('Enter the http or https address that receives them.');
    if (events.length === 0) return setProblem('Choose at least one event to send.');
    setProblem(null);
    const ordered = WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
    create.mutate({ url: url.trim(), description: description.trim(), events: ordered }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <SecretOnce
        title="Copy the signing secret now"
        label="Signing secret"
        secret={created.secret}
        note="The receiver checks each delivery's webhook-signature with it (any Standard Webhooks library does). This is the only time it is shown."
        onDone={onClose}
      />
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add a webhook endpoint"
      description="Keel sends the chosen events to this address as they happen, signed, and tries again while it is down."
      size="lg"
    >
      <form aria-label="New webhook endpoint" noValidate onSubmit={submit} className="space-y-4">
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        {create.isError ? (
          <Banner tone="error">{errorText(create.error, 'The endpoint could not be added. Please try again.')}</Banner>
        ) : null}
        <TextField
          label="Address"
          type="url"
          inputMode="url"
          placeholder="https://example.com/keel-events"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Events</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={eventLabel(type, terms)}
                checked={events.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <FormActions onCancel={onClose} submitLabel="Add endpoint" busy={create.isPending} />
      </form>
    </Dialog>
  );
}
