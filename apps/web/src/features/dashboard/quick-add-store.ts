import { create } from 'zustand';

export type QuickAddKind = 'todo' | 'issue' | 'headline';

interface QuickAddState {
  open: boolean;
  kind: QuickAddKind;
  /** What had focus when the dialog opened: it gets focus back on close (there is no trigger element to return to). */
  returnTo: HTMLElement | null;
  show: (kind?: QuickAddKind) => void;
  close: () => void;
}

/** One quick-add dialog for the whole signed-in app: the top bar, the shortcut and empty states open it. */
export const useQuickAdd = create<QuickAddState>()((set) => ({
  open: false,
  kind: 'todo',
  returnTo: null,
  show: (kind) =>
    set((state) => ({
      open: true,
      kind: kind ?? state.kind,
      returnTo: state.open
        ? state.returnTo
        : document.activeElement instanceof HTMLElement
          ? document.activeElement
          : null,
    })),
  close: () => set({ open: false }),
}));

/** Inputs one clicks rather than types into: Q there is still the shortcut. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Typing somewhere (a field, an editor) or a modifier held: the key is not meant for us. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

export const QUICK_ADD_KEY = 'q';

/** Whether a keydown is the quick-add shortcut: a bare Q outside fields, and no dialog already open. */
export function isQuickAddShortcut(event: KeyboardEvent): boolean {
  if (event.key.toLowerCase() !== QUICK_ADD_KEY) return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.isComposing) return false;
  if (event.defaultPrevented || isTypingTarget(event.target)) return false;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') === null;
}
