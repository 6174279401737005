import { useState } from 'react';
import toast from 'react-hot-toast';
import { WRITTEN_RECAP_MAX, type Meeting } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { isAdmin } from '../../../lib/user';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/FormFields';
import { useUpdateWrittenRecap } from '../meetings.api';

/**
 * The recap in words the assistant drafted from the record (only where the model is on): marked as drafted until
 * the facilitator, the scribe or an admin edits it.
 */
export function WrittenRecap({ meeting }: { meeting: Meeting }) {
  const user = useSession((state) => state.user);
  const update = useUpdateWrittenRecap();
  const [editing, setEditing] = useState<string | null>(null);
  const recap = meeting.writtenRecap;
  if (!recap) return null;
  const mayEdit = isAdmin(user) || (user !== null && [meeting.facilitatorId, meeting.scribeId].includes(user.id));
  const save = (text: string) =>
    update.mutate(
      { id: meeting.id, text, version: meeting.version },
      {
        onSuccess: () => {
          setEditing(null);
          toast.success('Recap saved');
        },
        onError: (error) => toast.error(errorText(error, 'The recap could not be saved.')),
      },
    );
  return (
    <section aria-label="Recap" className="grid gap-2">
      <p className="font-semibold text-slate-900 dark:text-white">
        Recap{recap.drafted ? <span className="font-normal"> (drafted by the assistant)</span> : null}
      </p>
      {editing === null ? (
        <>
          <p className="whitespace-pre-line wrap-anywhere">{recap.text}</p>
          {mayEdit ? (
            <div>
              <Button size="sm" variant="secondary" onClick={() => setEditing(recap.text)}>
                Edit the recap
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save(editing);
          }}
        >
          <TextAreaField
            label="Recap"
            rows={5}
            maxLength={WRITTEN_RECAP_MAX}
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={update.isPending} disabled={editing.trim() === ''}>
              Save the recap
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
