import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LogOut from 'lucide-react/icons/log-out';
import UserIcon from 'lucide-react/icons/user';
import { useSession } from '../../lib/session-store';
import { displayName } from '../../lib/user';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800';

export function UserMenu() {
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  if (!user) return null;
  const name = displayName(user);
  const initials =
    `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || (user.email[0] ?? '?').toUpperCase();

  return (
    <DropdownMenu.Root>
      {/* Named by its content, starting with the name people see (WCAG 2.5.3 label in name), not by an
          aria-label that hides it; on a phone the name is kept for screen readers beside the initials. */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md p-1 text-sm pointer-coarse:p-1.5 text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-brand-contrast"
        >
          {initials}
        </span>
        <span className="sr-only md:not-sr-only md:max-w-[10rem] md:truncate">{name}</span>
        <span className="sr-only"> account menu</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
            Signed in as <span className="font-medium text-slate-900 dark:text-white">{user.email}</span>
          </DropdownMenu.Label>
          {/* Spec section 2: Profile and Settings both go to /user-settings, so they are one entry named
              as that page is, rather than two entries that lead to the same place. */}
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/user-settings')}>
            <UserIcon aria-hidden="true" className="size-4" />
            Profile and settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
