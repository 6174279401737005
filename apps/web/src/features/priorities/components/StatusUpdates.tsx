import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPriorityUpdateRequestSchema,
  PRIORITY_UPDATE_COMMENT_MAX,
  type CreatePriorityUpdateRequest,
  type PriorityStatus,
} from '@keel/contract';
import type { z } from 'zod';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/Field';
import { ListStates } from '../../../ui/ListPage';
import { useAddPriorityUpdate, usePriorityUpdates } from '../priorities.api';
import { STATUS_TEXT, formatDate } from '../priority-format';
import { StatusPill } from './StatusPill';

/** The weekly status updates of a priority, newest first, and a form to post this week's. */
export function StatusUpdates({
  priorityId,
  status,
  readOnly,
}: {
  priorityId: string;
  status: PriorityStatus;
  readOnly: boolean;
}) {
  const updates = usePriorityUpdates(priorityId);
  const add = useAddPriorityUpdate();
  const { register, handleSubmit, resetField } = useForm<
    CreatePriorityUpdateRequest,
    unknown,
    z.output<typeof createPriorityUpdateRequestSchema>
  >({
    resolver: zodResolver(createPriorityUpdateRequestSchema),
    defaultValues: { status, comment: '' },
  });
  const statusId = useId();
  const commentId = useId();

  const submit = handleSubmit(({ status: chosen, comment }) =>
    add.mutate(
      { priorityId, status: chosen, comment: comment?.trim() ?? '' },
      {
        onSuccess: () => {
          resetField('comment');
          toast.success('Update posted');
        },
      },
    ),
  );

  return (
    <section aria-label="Weekly updates" className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Weekly updates</h3>
      {readOnly ? null : (
        <form
          onSubmit={(event) => void submit(event)}
          className="grid gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-700"
        >
          {add.error ? <Banner tone="error">{errorText(add.error, 'Could not post the update.')}</Banner> : null}
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={statusId} className="mb-1 block text-xs font-medium text-slate-800 dark:text-slate-200">
                Status this week
              </label>
              <select id={statusId} className={inputClasses(false)} {...register('status')}>
                {(Object.keys(STATUS_TEXT) as PriorityStatus[]).map((value) => (
                  <option key={value} value={value}>
                    {STATUS_TEXT[value]}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="sm" loading={add.isPending}>
              Post update
            </Button>
          </div>
          <label htmlFor={commentId} className="text-xs font-medium text-slate-800 dark:text-slate-200">
            Comment
          </label>
          <textarea
            id={commentId}
            rows={2}
            maxLength={PRIORITY_UPDATE_COMMENT_MAX}
            className={inputClasses(false)}
            {...register('comment')}
          />
        </form>
      )}
      <ListStates
        query={updates}
        retry={false}
        spinnerClassName="size-5"
        loadingLabel="Loading updates"
        errorFallback="The updates could not be loaded."
        isEmpty={updates.data?.data.length === 0}
        empty={<p className="text-sm text-slate-600 dark:text-slate-400">No updates yet.</p>}
      >
        <ul className="grid gap-2">
          {(updates.data?.data ?? []).map((update) => (
            <li key={update.id} className="rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                <StatusPill status={update.status} />
                <span>
                  Week of <time dateTime={update.weekStart}>{formatDate(update.weekStart)}</time> · {update.author.name}
                </span>
              </div>
              {update.comment ? (
                <p className="mt-1 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{update.comment}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
