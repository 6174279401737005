import { useState } from 'react';

/**
 * Gives focus back to what opened a Radix dialog when it closes (Escape, its close button, a choice).
 * Radix does this only for its own Trigger; dialogs opened from state would drop focus on the page
 * body and keyboard users would lose their place. The opener is read while rendering the opening,
 * before the dialog (or a field in it with autoFocus) takes focus. Pass the result as the content's
 * `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const [opener, setOpener] = useState<Element | null>(() => (open ? document.activeElement : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement);
  }
  return (event: Event) => {
    if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}
