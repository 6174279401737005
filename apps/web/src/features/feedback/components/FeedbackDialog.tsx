import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_AUTO_CLOSE_MS,
  FEEDBACK_FAILURE_MESSAGE,
  FEEDBACK_SUCCESS_MESSAGE,
  submitFeedbackRequestSchema,
  type SubmitFeedbackRequest,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { useSubmitFeedback } from '../feedback.api';

type Phase = 'editing' | 'sending' | 'sent';

const feedbackFormSchema = submitFeedbackRequestSchema.pick({ type: true, subject: true, message: true });
type FeedbackForm = Pick<SubmitFeedbackRequest, 'type' | 'subject' | 'message'>;
const EMPTY: FeedbackForm = { type: 'ticket', subject: '', message: '' };

const TYPES: Array<{ value: FeedbackForm['type']; label: string }> = [
  { value: 'ticket', label: 'Report a problem' },
  { value: 'enhancement', label: 'Suggest an improvement' },
];

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const { register, handleSubmit, reset, watch } = useForm<FeedbackForm>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: EMPTY,
  });
  const [phase, setPhase] = useState<Phase>('editing');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFeedback();
  const messageId = useId();

  // Spec section 4: three seconds after success the form resets and the dialog closes.
  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => {
      reset(EMPTY);
      setPhase('editing');
      onOpenChange(false);
    }, FEEDBACK_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onOpenChange, reset]);

  const canSend = watch('subject').trim() !== '' && watch('message').trim() !== '' && phase === 'editing';

  const send = handleSubmit((values) => {
    if (!canSend) return;
    setError(null);
    setPhase('sending');
    submit.mutate(
      { ...values, pageUrl: window.location.href },
      {
        onSuccess: () => setPhase('sent'),
        onError: (failure) => {
          setError(errorText(failure, FEEDBACK_FAILURE_MESSAGE));
          setPhase('editing');
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Help and feedback"
      description="Tell us about a problem or suggest an improvement. We read every message."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void send()} disabled={!canSend} loading={phase === 'sending'}>
            {phase === 'sending' ? 'Sending...' : phase === 'sent' ? 'Sent' : 'Send feedback'}
          </Button>
        </>
      }
    >
      <form className="space-y-4" onSubmit={(event) => void send(event)}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">What is it about?</legend>
          <div className="flex flex-wrap gap-4">
            {TYPES.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  value={option.value}
                  disabled={phase !== 'editing'}
                  {...register('type')}
                  className="size-4 accent-blue-700 dark:accent-blue-400"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label="Subject" maxLength={200} disabled={phase !== 'editing'} {...register('subject')} />
        <div>
          <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Message
          </label>
          <textarea
            id={messageId}
            rows={5}
            maxLength={5000}
            disabled={phase !== 'editing'}
            {...register('message')}
            className={inputClasses(false)}
          />
        </div>
        {phase === 'sent' ? <Banner tone="success">{FEEDBACK_SUCCESS_MESSAGE}</Banner> : null}
        {error ? <Banner tone="error">{error}</Banner> : null}
      </form>
    </Dialog>
  );
}
