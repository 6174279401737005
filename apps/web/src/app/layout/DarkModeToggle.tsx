import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useColorScheme } from '../../lib/color-scheme-store';

export function DarkModeToggle() {
  const dark = useColorScheme((state) => state.dark);
  const toggle = useColorScheme((state) => state.toggle);
  const Icon = dark ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      className="rounded-md p-2 text-slate-700 pointer-coarse:p-3 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
