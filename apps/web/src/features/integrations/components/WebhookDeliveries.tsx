import toast from 'react-hot-toast';
import type { WebhookDelivery } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { EmptyNote, ListStates, ShowMore } from '../../../ui/ListPage';
import { exactTime, milliseconds, relativeTime } from '../../operations/words';
import { useResendDelivery, useWebhookDeliveries } from '../integrations.api';
import { useTerminology } from '../../terminology/terminology.api';
import { deliveryStatusText, eventLabel } from '../integration-words';

/** An endpoint's deliveries, newest first: what was sent, what came back, and a way to send one again. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery();
  const terms = useTerminology();
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];

  const sendAgain = (delivery: WebhookDelivery) =>
    resend.mutate({ endpointId, deliveryId: delivery.id }, { onSuccess: () => toast.success('Sent again') });

  return (
    <div className="space-y-2">
      {resend.isError ? (
        <Banner tone="error">{errorText(resend.error, 'The delivery could not be sent again.')}</Banner>
      ) : null}
      <ListStates
        query={deliveries}
        spinnerClassName="size-5"
        loadingLabel="Loading the deliveries"
        errorFallback="The deliveries could not be loaded."
        isEmpty={rows.length === 0}
        empty={<EmptyNote>Nothing sent yet. Use “Send test event” to try the endpoint.</EmptyNote>}
      >
        <ul aria-label="Deliveries" className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {rows.map((delivery) => (
            <li key={delivery.id} className="grid gap-1 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-white">
                  {eventLabel(delivery.eventType, terms)}
                </span>
                <span className="text-slate-700 dark:text-slate-300">{deliveryStatusText(delivery)}</span>
              </div>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                <time dateTime={delivery.createdAt} title={exactTime(delivery.createdAt)}>
                  {relativeTime(delivery.createdAt)}
                </time>
                {' · '}
                {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
                {delivery.durationMs === null ? '' : ` · ${milliseconds(delivery.durationMs)}`}
                {delivery.nextAttemptAt ? ` · next try ${relativeTime(delivery.nextAttemptAt)}` : ''}
              </span>
              {delivery.error ? <span className="text-red-800 dark:text-red-300">{delivery.error}</span> : null}
              <details>
                <summary className="cursor-pointer text-xs font-medium text-blue-700 dark:text-blue-300">
                  Request and answer
                </summary>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">webhook-id: {delivery.messageId}</p>
                <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                  {delivery.requestBody}
                </pre>
                {delivery.responseBody ? (
                  <pre className="mt-1 max-h-32 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                    {delivery.responseBody}
                  </pre>
                ) : null}
              </details>
              {delivery.status === 'succeeded' || delivery.status === 'failed' ? (
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                    onClick={() => sendAgain(delivery)}
                  >
                    Send again
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <ShowMore
          hasMore={deliveries.hasNextPage}
          loading={deliveries.isFetchingNextPage}
          onMore={() => deliveries.fetchNextPage()}
          label="Show older deliveries"
        />
      </ListStates>
    </div>
  );
}
