import { useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';

/** Spec section 9's toast durations: 4 s blank and error, 2 s success, loading until dismissed (at most 20 shown, the library's limit). */
export const TOAST_OPTIONS = {
  duration: 4000,
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
  className: 'text-sm dark:!bg-slate-800 dark:!text-slate-100',
} as const;

/** Tailwind's lg: from here the top bar has room to keep its middle free of buttons. */
const WIDE_SCREEN = '(min-width: 1024px)';

const wideScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Toasts must never cover an open menu or the button that raised them. The top bar's right end holds
 * Quick add, the department selector and the account menu (which opens downwards there), and list
 * pages keep their actions top right. So on a wide screen toasts sit top centre, over the top bar's
 * middle, which holds only the organization and page names. On a narrower one the top bar wraps its
 * buttons across the whole width, so they sit bottom centre instead, raised above the help button.
 */
export default function AppToaster() {
  const wide = useSyncExternalStore(subscribeToWidth, wideScreen, () => true);
  return wide ? (
    <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />
  ) : (
    <Toaster position="bottom-center" toastOptions={TOAST_OPTIONS} containerStyle={{ bottom: 80 }} />
  );
}
