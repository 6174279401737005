import { Link } from 'react-router';
import { useSession } from '../../lib/session-store';
import { cx } from '../../ui/cx';
import { useTerminology } from '../../features/terminology/terminology.api';
import { activeEntry, buildNavigation, type NavItem } from './nav-items';

interface SidebarProps {
  pathname: string;
  /** Called after following a link (closes the drawer on a phone). */
  onNavigate?: () => void;
}

function NavList({
  items,
  active,
  onNavigate,
}: {
  items: NavItem[];
  active: string | null;
  onNavigate: (() => void) | undefined;
}) {
  return (
    <ul className="space-y-0.5">
      {items.map(({ to, label, Icon }) => {
        const current = to === active;
        return (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={cx(
                'flex items-center gap-3 rounded-md border-l-4 px-3 py-2 text-sm font-medium',
                current
                  ? 'border-brand bg-blue-50 text-slate-900 dark:bg-slate-800 dark:text-white'
                  : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {/* A long term (up to 60 characters) wraps rather than losing its end. */}
              <span className="min-w-0 wrap-break-word">{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ pathname, onNavigate }: SidebarProps) {
  const user = useSession((state) => state.user);
  const terms = useTerminology();
  const { main, admin } = buildNavigation(user, terms);
  const active = activeEntry([...main, ...admin], pathname);
  return (
    <nav aria-label="Main" className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-4">
      <Link
        to="/dashboard"
        onClick={onNavigate}
        className="flex items-center gap-2 px-3 text-lg font-bold text-slate-900 dark:text-white"
      >
        <img src="/favicon.svg" alt="" className="size-7" />
        Keel
      </Link>
      <NavList items={main} active={active} onNavigate={onNavigate} />
      {admin.length > 0 ? (
        <div>
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Administration
          </p>
          <NavList items={admin} active={active} onNavigate={onNavigate} />
        </div>
      ) : null}
    </nav>
  );
}
