import { useEffect, useId, useState } from 'react';
import { FEEDBACK_AUTO_CLOSE_MS, FEEDBACK_FAILURE_MESSAGE, FEEDBACK_SUCCESS_MESSAGE } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { useSubmitFeedback } from '../feedback.api';

type FeedbackType = 'ticket' | 'enhancement';
type Phase = 'editing' | 'sending' | 'sent';

const TYPES: Array<{ value: FeedbackType; label: string }> = [
  { value: 'ticket', label: 'Report a problem' },
  { value: 'enhancement', label: 'Suggest an improvement' },
];

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const [type, setType] = useState<FeedbackType>('ticket');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>('editing');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFeedback();
  const messageId = useId();

  // Spec section 4: three seconds after success the form resets and the dialog closes.
  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => {
      setType('ticket');
      setSubject('');
      setMessage('');
      setPhase('editing');
      onOpenChange(false);
    }, FEEDBACK_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onOpenChange]);

  const canSend = subject.trim() !== '' && message.trim() !== '' && phase === 'editing';

  const send = () => {
    if (!canSend) return;
    setError(null);
    setPhase('sending');
    submit.mutate(
      { type, subject: subject.trim(), message: message.trim(), pageUrl: window.location.href },
      {
        onSuccess: () => setPhase('sent'),
        onError: (failure) => {
          setError(errorText(failure, FEEDBACK_FAILURE_MESSAGE));
          setPhase('editing');
        },
      },
    );
  };

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
          <Button onClick={send} disabled={!canSend} loading={phase === 'sending'}>
            {phase === 'sending' ? 'Sending...' : phase === 'sent' ? 'Sent' : 'Send feedback'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">What is it about?</legend>
          <div className="flex flex-wrap gap-4">
            {TYPES.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name="feedback-type"
                  value={option.value}
                  checked={type === option.value}
                  disabled={phase !== 'editing'}
                  onChange={() => setType(option.value)}
                  className="size-4 accent-blue-700 dark:accent-blue-400"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Subject"
          value={subject}
          maxLength={200}
          disabled={phase !== 'editing'}
          onChange={(event) => setSubject(event.target.value)}
        />
        <div>
          <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Message
          </label>
          <textarea
            id={messageId}
            rows={5}
            maxLength={5000}
            value={message}
            disabled={phase !== 'editing'}
            onChange={(event) => setMessage(event.target.value)}
            className={inputClasses(false)}
          />
        </div>
        {phase === 'sent' ? <Banner tone="success">{FEEDBACK_SUCCESS_MESSAGE}</Banner> : null}
        {error ? <Banner tone="error">{error}</Banner> : null}
      </form>
    </Dialog>
  );
}
