import { useState } from 'react';
import toast from 'react-hot-toast';
import type { WebhookEndpoint } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TurnOnOffButton } from './TurnOnOffButton';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { relativeTime } from '../../operations/words';
import {
  useDeleteWebhookEndpoint,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../integrations.api';
import { useTerminology } from '../../terminology/terminology.api';
import { eventLabel } from '../integration-words';
import { AddWebhookDialog } from './AddWebhookDialog';
import { RemoveConnectionDialog } from './RemoveConnectionDialog';
import { WebhookDeliveries } from './WebhookDeliveries';

/** Where Keel sends events as they happen: endpoints, their health, a test event and the delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const list = endpoints.data ?? [];

  return (
    <section aria-labelledby="webhooks-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Webhooks
        </h2>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Keel tells another system when something happens here: each event is sent as it happens, signed following the
        Standard Webhooks specification, and tried again for about a day and a half while the receiver is down.
      </p>
      <ListStates
        query={endpoints}
        loadingLabel="Loading the webhook endpoints"
        errorFallback="The webhook endpoints could not be loaded."
        isEmpty={list.length === 0}
        empty={<EmptyNote>No webhook endpoints yet.</EmptyNote>}
      >
        <ul aria-label="Webhook endpoints" className="grid gap-3">
          {list.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} />
            </li>
          ))}
        </ul>
      </ListStates>
      {adding ? <AddWebhookDialog onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function healthText(endpoint: WebhookEndpoint): string {
  if (!endpoint.enabled) return 'Turned off';
  if (endpoint.failingSince) return `Failing since ${relativeTime(endpoint.failingSince)}`;
  return 'Active';
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhookEndpoint();
  const terms = useTerminology();
  const test = useSendTestEvent();
  const [showLog, setShowLog] = useState(false);
  const [removing, setRemoving] = useState(false);
  const failure = update.error ?? test.error;

  return (
    <article
      aria-label={endpoint.url}
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono font-semibold text-slate-900 wrap-anywhere dark:text-white">{endpoint.url}</span>
        <span
          className={
            endpoint.enabled && !endpoint.failingSince
              ? 'rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900 dark:text-green-100'
              : 'rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100'
          }
        >
          {healthText(endpoint)}
        </span>
      </div>
      {endpoint.description ? <p className="text-slate-700 dark:text-slate-300">{endpoint.description}</p> : null}
      <p className="text-slate-700 dark:text-slate-300">
        {endpoint.events.map((type) => eventLabel(type, terms)).join(' · ')}
      </p>
      {endpoint.disabledReason ? <Banner tone="warning">{endpoint.disabledReason}</Banner> : null}
      {failure ? <Banner tone="error">{errorText(failure, 'That did not work. Please try again.')}</Banner> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={test.isPending}
          disabled={!endpoint.enabled}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success('Test event sent');
                setShowLog(true);
              },
            })
          }
        >
          Send test event
        </Button>
        <TurnOnOffButton
          noun="Endpoint"
          enabled={endpoint.enabled}
          busy={update.isPending}
          onToggle={(enabled, options) =>
            update.mutate({ id: endpoint.id, version: endpoint.version, enabled }, options)
          }
        />
        <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setRemoving(true)}>
          Remove
        </Button>
      </div>
      {showLog ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
      {removing ? <RemoveDialog endpoint={endpoint} onClose={() => setRemoving(false)} /> : null}
    </article>
  );
}

function RemoveDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  return (
    <RemoveConnectionDialog noun="endpoint" id={endpoint.id} remove={useDeleteWebhookEndpoint()} onClose={onClose}>
      <p className="wrap-anywhere">
        Keel stops sending to {endpoint.url} and forgets its delivery log. To pause it instead, turn it off.
      </p>
    </RemoveConnectionDialog>
  );
}
