import { Link } from 'react-router';
import { KeelWordmark } from './KeelWordmark';
import { container, focusRing, primaryButton } from './styles';

export function PublicHeader() {
  return (
    <header className="border-b border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
      <div className={`${container} flex h-16 items-center justify-between gap-3`}>
        <KeelWordmark />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          <Link
            to="/comparison"
            className={`hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 sm:inline-flex dark:text-slate-200 dark:hover:text-white ${focusRing}`}
          >
            Compare
          </Link>
          <Link
            to="/login"
            className={`rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 dark:text-slate-200 dark:hover:text-white ${focusRing}`}
          >
            Sign In
          </Link>
          <Link to="/register" className={primaryButton}>
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
