import { useState } from 'react';
import type { Headline, UpdateHeadlineRequest } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { Person } from '../../people/people.api';
import { isStale, useUpdateHeadline } from '../headlines.api';
import { HeadlineFields, draftOf, type HeadlineDraft } from './HeadlineFields';

interface Props {
  headline: Headline;
  people: Person[];
  onClose: () => void;
  /** Refetches the list, so the dialog can restart from the other person's change. */
  onReload: () => Promise<Headline | undefined>;
}

export const STALE_MESSAGE = 'Someone else changed this headline since you opened it. Reload to see their change.';

/** The people to pick from, always including the headline's own owner and "about" person. */
function withCurrent(people: Person[], headline: Headline): Person[] {
  const extra = [headline.owner, headline.aboutUser].filter(
    (person): person is Person => person !== null && !people.some((known) => known.id === person.id),
  );
  return [...people, ...extra];
}

/** Only what changed is sent: a partial edit based on the version this dialog opened with. */
function changesOf(base: Headline, draft: HeadlineDraft): Omit<UpdateHeadlineRequest, 'version'> {
  const before = draftOf(base);
  const changes: Omit<UpdateHeadlineRequest, 'version'> = {};
  if (draft.text.trim() !== before.text) changes.text = draft.text.trim();
  if (draft.details.trim() !== before.details) changes.details = draft.details.trim() || null;
  if (draft.type !== before.type) changes.type = draft.type;
  if (draft.ownerId !== before.ownerId) changes.ownerId = draft.ownerId;
  if (draft.aboutUserId !== before.aboutUserId) changes.aboutUserId = draft.aboutUserId || null;
  if (draft.aboutText.trim() !== before.aboutText && !draft.aboutUserId)
    changes.aboutText = draft.aboutText.trim() || null;
  return changes;
}

export function EditHeadlineDialog({ headline, people, onClose, onReload }: Props) {
  const [base, setBase] = useState(headline);
  const [draft, setDraft] = useState(() => draftOf(headline));
  const [textError, setTextError] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const update = useUpdateHeadline();
  const stale = update.isError && isStale(update.error);

  const save = () => {
    if (!draft.text.trim()) {
      setTextError('A headline needs its text');
      return;
    }
    setTextError(undefined);
    const changes = changesOf(base, draft);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate({ id: base.id, version: base.version, ...changes }, { onSuccess: onClose });
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        setBase(fresh);
        setDraft(draftOf(fresh));
      }
      update.reset();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit headline"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={stale}>
            Save
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={() => void reload()} loading={reloading}>
                Reload
              </Button>
            }
          >
            {STALE_MESSAGE}
          </Banner>
        ) : update.isError ? (
          <Banner tone="error">{errorText(update.error, 'The headline could not be saved. Please try again.')}</Banner>
        ) : null}
        <HeadlineFields
          draft={draft}
          onChange={setDraft}
          people={withCurrent(people, base)}
          full
          textError={textError}
        />
      </div>
    </Dialog>
  );
}
