import { useEffect } from 'react';
import Plus from 'lucide-react/icons/plus';
import { useSession } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { isQuickAddShortcut, useQuickAdd } from '../quick-add-store';
import { QuickAddDialog } from './QuickAddDialog';

/** Observers only read: they get neither the button nor the shortcut. */
const useCanAdd = () => useSession((state) => state.user?.role !== 'observer');

export function QuickAddButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const show = useQuickAdd((state) => state.show);
  const terms = useTerminology();
  if (!useCanAdd()) return null;
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={() => show()}
      aria-keyshortcuts="q"
      title={`Quick add: ${terms.todo_singular}, ${terms.issue_singular} or headline (shortcut: Q)`}
    >
      <Plus aria-hidden="true" className="size-4" />
      {/* A phone shows the icon alone (the name stays for screen readers), so the top bar fits one line. */}
      <span className="max-sm:sr-only">Quick add</span>
      <kbd className="ml-1 hidden rounded border border-current/30 px-1 font-sans text-[10px] sm:inline">Q</kbd>
    </Button>
  );
}

/** Mounted once on every signed-in page (in the top bar): the dialog and its keyboard shortcut. */
export function QuickAddHost() {
  const canAdd = useCanAdd();
  const show = useQuickAdd((state) => state.show);
  useEffect(() => {
    if (!canAdd) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isQuickAddShortcut(event)) return;
      // The Q must not land in the title field the dialog focuses.
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [canAdd, show]);
  return canAdd ? <QuickAddDialog /> : null;
}
