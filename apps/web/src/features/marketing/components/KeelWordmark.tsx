import { Link } from 'react-router';
import { focusRing } from './styles';

export function KeelWordmark() {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-slate-900 dark:text-white ${focusRing}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-blue-700 dark:fill-blue-500" />
        <path d="M7 12h18l-3 7a6 6 0 0 1-5.5 3.7h-1A6 6 0 0 1 10 19z" className="fill-white" />
        <path d="M15 6h2v6h-2z" className="fill-white" />
      </svg>
      Keel
    </Link>
  );
}
