import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useCreateHeadline, type Person } from '../headlines.api';
import { HeadlineFields, emptyDraft, type HeadlineDraft } from './HeadlineFields';

interface Props {
  teamId: string;
  userId: string;
  people: Person[];
}

export function CreateHeadlineForm({ teamId, userId, people }: Props) {
  const [draft, setDraft] = useState<HeadlineDraft>(() => emptyDraft(userId));
  const [textError, setTextError] = useState<string>();
  const create = useCreateHeadline();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.text.trim();
    if (!text) {
      setTextError('Write the headline first');
      return;
    }
    setTextError(undefined);
    create.mutate(
      {
        teamId,
        text,
        type: draft.type,
        ...(draft.aboutUserId ? { aboutUserId: draft.aboutUserId } : {}),
        ...(draft.aboutText.trim() && !draft.aboutUserId ? { aboutText: draft.aboutText.trim() } : {}),
      },
      {
        onSuccess: () => {
          setDraft(emptyDraft(userId));
          toast.success('Headline added');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add a headline" className="space-y-3">
      <HeadlineFields draft={draft} onChange={setDraft} people={people} textError={textError} />
      {create.isError ? (
        <Banner tone="error">{errorText(create.error, 'The headline could not be added. Please try again.')}</Banner>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Add headline
      </Button>
    </form>
  );
}
