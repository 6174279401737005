import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createIssueCommentRequestSchema,
  ISSUE_COMMENT_MAX,
  type CreateIssueCommentRequest,
  type IssueComment,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/Field';
import { ListStates } from '../../../ui/ListPage';
import { isConflict, useAddComment, useDeleteComment, useEditComment, useIssueComments } from '../issues.api';

interface IssueCommentsProps {
  issueId: string;
  currentUserId: string;
  readOnly: boolean;
}

/** The conversation, oldest first; each person edits or deletes only their own words. */
export function IssueComments({ issueId, currentUserId, readOnly }: IssueCommentsProps) {
  const comments = useIssueComments(issueId);
  const add = useAddComment();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState<string | null>(null);
  // An empty comment is simply not sent (no message), as before.
  const { register, handleSubmit, reset } = useForm<CreateIssueCommentRequest>({
    resolver: zodResolver(createIssueCommentRequestSchema),
    defaultValues: { body: '' },
  });
  const submit = handleSubmit(({ body }) => add.mutate({ issueId, body }, { onSuccess: () => reset({ body: '' }) }));

  return (
    <section aria-label="Comments" className="grid gap-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">Comments</h3>
      <ListStates
        query={comments}
        retry={false}
        spinnerClassName="size-5"
        loadingLabel="Loading comments"
        errorFallback="The comments could not be loaded."
        isEmpty={comments.data?.data.length === 0}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">No comments yet.</p>}
      >
        <ul className="grid gap-2">
          {(comments.data?.data ?? []).map((comment) =>
            editing === comment.id ? (
              <EditComment key={comment.id} comment={comment} onDone={() => setEditing(null)} />
            ) : (
              <li key={comment.id} className="rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800">
                <p className="font-medium">{comment.author.name}</p>
                <p className="whitespace-pre-wrap">{comment.body}</p>
                {comment.authorId === currentUserId && !readOnly ? (
                  <div className="mt-1 flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(comment.id)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => remove.mutate(comment)}>
                      Delete
                    </Button>
                  </div>
                ) : null}
              </li>
            ),
          )}
        </ul>
      </ListStates>
      {readOnly ? null : (
        <form onSubmit={(event) => void submit(event)} className="grid gap-2" aria-label="Add a comment">
          {add.error ? <Banner tone="error">{errorText(add.error, 'Could not add the comment.')}</Banner> : null}
          <textarea
            aria-label="New comment"
            rows={2}
            maxLength={ISSUE_COMMENT_MAX}
            className={inputClasses(false)}
            {...register('body')}
          />
          <div>
            <Button type="submit" size="sm" loading={add.isPending}>
              Comment
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function EditComment({ comment, onDone }: { comment: IssueComment; onDone: () => void }) {
  const [body, setBody] = useState(comment.body);
  const edit = useEditComment();
  return (
    <li className="grid gap-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800">
      {edit.error ? (
        <Banner tone={isConflict(edit.error) ? 'warning' : 'error'}>
          {isConflict(edit.error)
            ? 'This comment changed meanwhile. Close and open it again to see the new text.'
            : errorText(edit.error, 'Could not save the comment.')}
        </Banner>
      ) : null}
      <textarea
        aria-label="Edit comment"
        rows={2}
        value={body}
        maxLength={ISSUE_COMMENT_MAX}
        onChange={(event) => setBody(event.target.value)}
        className={inputClasses(false)}
      />
      <div className="flex gap-2">
        <Button
          size="sm"
          loading={edit.isPending}
          onClick={() => edit.mutate({ comment, body }, { onSuccess: onDone })}
        >
          Save comment
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </li>
  );
}
