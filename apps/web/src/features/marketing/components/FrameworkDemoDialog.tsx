import * as Dialog from '@radix-ui/react-dialog';
import { Shuffle, X } from 'lucide-react';
import { useState } from 'react';
import { recordFeatureInterest } from '../../analytics/analytics.api';
import { FrameworkDemo } from './FrameworkDemo';
import { focusRing, secondaryButton } from './styles';

/**
 * Radix hides every sibling of an open modal, including its own focusable focus guards, which axe
 * reports as aria-hidden-focus (radix-ui/primitives#3593). The guards only bounce focus back into
 * the dialog, so they are unhidden once Radix has finished hiding the page behind the dialog.
 */
const unhideFocusGuards = () => {
  window.setTimeout(() => {
    for (const guard of document.querySelectorAll('[data-radix-focus-guard][aria-hidden]')) {
      guard.removeAttribute('aria-hidden');
    }
  }, 0);
};

export function FrameworkDemoDialog() {
  const [open, setOpen] = useState(false);

  const handleOpenChange = (nextOpen: boolean) => {
    // Recorded in the event handler rather than an effect so StrictMode cannot count one opening twice.
    if (nextOpen && !open) recordFeatureInterest('framework_demo');
    setOpen(nextOpen);
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Trigger className={secondaryButton}>
        <Shuffle aria-hidden="true" className="h-4 w-4" />
        See Framework Switching in Action
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          onOpenAutoFocus={unhideFocusGuards}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold tracking-tight">Framework switching</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={`rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-300">
            Keel renames its six core concepts to match the methodology your company runs on, so your team keeps the
            vocabulary it already knows. Pick a methodology or let the demo cycle through them.
          </Dialog.Description>
          <FrameworkDemo />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
