import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createHeadlineRequestSchema } from '@keel/contract';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import type { Person } from '../../people/people.api';
import { useCreateHeadline } from '../headlines.api';
import { HeadlineFields, emptyDraft, type HeadlineDraft } from './HeadlineFields';

const contract = createHeadlineRequestSchema.shape;

/** The draft as HeadlineFields edits it; the text with the screen's message, then the contract's rules. */
const createHeadlineFormSchema = z.object({
  text: z.string().trim().min(1, { error: 'Write the headline first' }).pipe(contract.text),
  details: z.string(),
  type: contract.type,
  ownerId: z.string(),
  aboutUserId: z.string(),
  aboutText: z.string(),
});

interface Props {
  teamId: string;
  userId: string;
  people: Person[];
}

export function CreateHeadlineForm({ teamId, userId, people }: Props) {
  const create = useCreateHeadline();
  const {
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<HeadlineDraft>({
    resolver: zodResolver(createHeadlineFormSchema),
    defaultValues: emptyDraft(userId),
  });

  // HeadlineFields edits the whole draft at once; each changed value goes into the form.
  const change = (next: HeadlineDraft) => {
    for (const key of Object.keys(next) as (keyof HeadlineDraft)[])
      setValue(key, next[key], { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const submit = handleSubmit((draft) =>
    create.mutate(
      {
        teamId,
        text: draft.text,
        type: draft.type,
        ...(draft.aboutUserId ? { aboutUserId: draft.aboutUserId } : {}),
        ...(draft.aboutText.trim() && !draft.aboutUserId ? { aboutText: draft.aboutText.trim() } : {}),
      },
      {
        onSuccess: () => {
          reset(emptyDraft(userId));
          toast.success('Headline added');
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add a headline" className="space-y-3">
      <HeadlineFields draft={watch()} onChange={change} people={people} textError={errors.text?.message} />
      {create.isError ? (
        <Banner tone="error">{errorText(create.error, 'The headline could not be added. Please try again.')}</Banner>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Add headline
      </Button>
    </form>
  );
}
