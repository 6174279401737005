import { useState } from 'react';
import type { CascadingMessage } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ShowMore } from '../../../ui/ListPage';
import { Spinner } from '../../../ui/Spinner';
import { useCascadingMessages, useMarkMessageRead, useReceipts } from '../headlines.api';
import { countOf } from '../../../lib/words';

function ReceiptsDialog({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const receipts = useReceipts(messageId);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Who read it" size="sm">
      {receipts.isPending ? (
        <Spinner label="Loading read receipts" className="size-5" />
      ) : receipts.isError ? (
        <Banner tone="error">{errorText(receipts.error, 'The read receipts could not be loaded.')}</Banner>
      ) : (
        <div className="space-y-3 text-sm">
          <p>
            Read by {receipts.data.readCount} of {countOf(receipts.data.recipientCount, 'recipient', 'recipients')}.
          </p>
          {receipts.data.readers.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">Nobody has read it yet.</p>
          ) : (
            <ul className="space-y-1">
              {receipts.data.readers.map((reader) => (
                <li key={reader.user.id}>
                  {reader.user.name}
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    · {new Date(reader.readAt).toLocaleString()}
                    {reader.isRecipient ? '' : ' (not a recipient)'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

function MessageText({ message }: { message: CascadingMessage }) {
  return (
    <div className="min-w-0 flex-1 basis-56 wrap-anywhere">
      <p className="text-slate-900 dark:text-slate-100">{message.text}</p>
      {message.details ? (
        <p className="mt-0.5 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{message.details}</p>
      ) : null}
    </div>
  );
}

interface Props {
  teamId: string;
  readOnly: boolean;
}

/** Messages other teams cascaded to this one: shown among the headlines, each to be marked read. */
export function ReceivedMessages({ teamId, readOnly }: Props) {
  const received = useCascadingMessages(teamId, 'received');
  const markRead = useMarkMessageRead();
  if (received.isPending) return <Spinner label="Loading cascading messages" className="size-5" />;
  if (received.isError)
    return <Banner tone="error">{errorText(received.error, 'The cascading messages could not be loaded.')}</Banner>;
  const messages = received.data.pages.flatMap((page) => page.data);
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="received-messages" className="space-y-2">
      <h3
        id="received-messages"
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
      >
        Cascading messages ({messages.length})
      </h3>
      {markRead.isError ? (
        <Banner tone="error">{errorText(markRead.error, 'Could not mark it read. Please try again.')}</Banner>
      ) : null}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {messages.map((message) => (
          <li key={message.id} className="flex flex-wrap items-start gap-3 py-3" data-kind="cascading-message">
            <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
              From {message.fromTeam.name}
            </span>
            <MessageText message={message} />
            <span className="text-xs text-slate-600 dark:text-slate-400">{message.author.name}</span>
            {message.readByMe ? (
              <span className="text-xs font-medium text-green-800 dark:text-green-300">Read</span>
            ) : readOnly ? null : (
              <Button
                size="sm"
                variant="secondary"
                loading={markRead.isPending && markRead.variables === message.id}
                onClick={() => markRead.mutate(message.id)}
                aria-label={`Mark as read: ${message.text}`}
              >
                Mark as read
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ShowMore
        hasMore={received.hasNextPage}
        loading={received.isFetchingNextPage}
        onMore={() => received.fetchNextPage()}
        label="Show more messages"
        variant="ghost"
      />
    </section>
  );
}

/** What this team sent, with how many of the receiving teams' members have read each. */
export function SentMessages({ teamId }: { teamId: string }) {
  const sent = useCascadingMessages(teamId, 'sent');
  const [openId, setOpenId] = useState<string | null>(null);
  if (sent.isPending) return <Spinner label="Loading sent messages" className="size-5" />;
  if (sent.isError)
    return <Banner tone="error">{errorText(sent.error, 'The sent messages could not be loaded.')}</Banner>;
  const messages = sent.data.pages.flatMap((page) => page.data);
  if (messages.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No messages sent yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {messages.map((message) => (
          <li key={message.id} className="flex flex-wrap items-start gap-3 py-3">
            <MessageText message={message} />
            <span className="text-xs text-slate-600 dark:text-slate-400">
              To {message.toTeams.map((team) => team.name).join(', ')}
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setOpenId(message.id)}
              // Starts with the visible text (WCAG 2.5.3), then says which message.
              aria-label={`Read by ${message.readCount} of ${message.recipientCount}: ${message.text}`}
            >
              read by {message.readCount} of {message.recipientCount}
            </Button>
          </li>
        ))}
      </ul>
      {sent.hasNextPage ? (
        <Button variant="ghost" size="sm" loading={sent.isFetchingNextPage} onClick={() => void sent.fetchNextPage()}>
          Show more sent messages
        </Button>
      ) : null}
      {openId ? <ReceiptsDialog messageId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}
