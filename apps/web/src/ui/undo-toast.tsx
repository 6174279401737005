import type { ReactNode } from 'react';
import toast from 'react-hot-toast';

/** A toast saying what was just done, with an Undo button that closes it; it stays 10 s to give time to react. */
export function undoToast(message: ReactNode, onUndo: () => void) {
  toast(
    (shown) => (
      <span className="flex items-center gap-3">
        {message}
        <button
          type="button"
          className="rounded px-2 py-1 font-semibold text-blue-700 underline dark:text-blue-300"
          onClick={() => {
            toast.dismiss(shown.id);
            onUndo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: 10_000 },
  );
}
