import { useState } from 'react';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question-mark';
import { FeedbackDialog } from './FeedbackDialog';

/** The floating help button, bottom right, above the page content. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Help and feedback"
        className="fixed bottom-5 right-5 z-40 flex size-12 items-center justify-center rounded-full bg-brand text-brand-contrast shadow-lg hover:brightness-110"
      >
        <MessageCircleQuestion aria-hidden="true" className="size-6" />
      </button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
