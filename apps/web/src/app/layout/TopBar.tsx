import Menu from 'lucide-react/icons/menu';
import { useSession } from '../../lib/session-store';
import { QuickAddButton, QuickAddHost } from '../../features/dashboard/components/QuickAddButton';
import { DepartmentSelector } from '../../features/departments/components/DepartmentSelector';
import { OrganizationLogo } from '../../features/organization/components/OrganizationLogo';
import { useCurrentOrganization } from '../../features/organization/organization.api';
import { useTerminology } from '../../features/terminology/terminology.api';
import { DarkModeToggle } from './DarkModeToggle';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  pageName: string | null;
  /** Present when a sidebar exists: opens it on small screens. */
  onOpenMenu?: () => void;
  menuOpen: boolean;
}

export function TopBar({ pageName, onOpenMenu, menuOpen }: TopBarProps) {
  const user = useSession((state) => state.user);
  const organization = useCurrentOrganization();
  const terms = useTerminology();
  const organizationName = organization.data?.name ?? user?.organizationName ?? '';

  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      {onOpenMenu ? (
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open navigation"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          className="rounded-md p-2 text-slate-700 pointer-coarse:p-3 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {organization.data && user ? (
        <OrganizationLogo
          organizationId={user.organizationId}
          organizationName={organizationName}
          logoUrl={organization.data.logo_url}
          logoSize={organization.data.logo_size}
          className="hidden w-auto object-contain sm:block"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{organizationName}</p>
        {pageName ? <p className="truncate text-xs text-slate-600 dark:text-slate-400">{pageName}</p> : null}
      </div>
      {/* On a phone the controls may take a line of their own; they never push the page wider. */}
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
        <QuickAddButton />
        <QuickAddHost />
        <DepartmentSelector label={terms.department_label} />
        <DarkModeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
