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

export default function AppToaster() {
  return <Toaster position="top-right" toastOptions={TOAST_OPTIONS} />;
}
