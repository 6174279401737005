import type { ComponentType, SVGProps } from 'react';
import type { Terminology, User } from '@keel/contract';
import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import Building2 from 'lucide-react/icons/building-2';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChartColumn from 'lucide-react/icons/chart-column';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CreditCard from 'lucide-react/icons/credit-card';
import FileText from 'lucide-react/icons/file-text';
import FolderOpen from 'lucide-react/icons/folder-open';
import HardDrive from 'lucide-react/icons/hard-drive';
import History from 'lucide-react/icons/history';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ListTodo from 'lucide-react/icons/list-todo';
import Network from 'lucide-react/icons/network';
import Newspaper from 'lucide-react/icons/newspaper';
import Tags from 'lucide-react/icons/tags';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import Workflow from 'lucide-react/icons/workflow';
import Wrench from 'lucide-react/icons/wrench';
import { isAdmin } from '../../lib/user';
import { meetingsLabel, termPlural } from '../../features/terminology/term-words';

export interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * Spec section 2's sidebar, in order. A renamable concept is named by the organization's terminology
 * (spec section 3's defaults until it is renamed), the same word its page title, heading and dashboard
 * card use (Meetings follows the methodology's meeting name); the entries with no terminology label keep
 * the spec's names.
 */
export function buildNavigation(
  user: Pick<User, 'role' | 'isConsultant'> | null,
  terminology: Terminology,
): { main: NavItem[]; admin: NavItem[] } {
  const main: NavItem[] = [
    ...(user?.isConsultant ? [{ to: '/consultant', label: 'Consultant Dashboard', Icon: BriefcaseBusiness }] : []),
    { to: '/dashboard', label: 'My dashboard', Icon: LayoutDashboard },
    { to: '/quarterly-priorities', label: terminology.priorities_label, Icon: Target },
    { to: '/scorecard', label: terminology.scorecard_label, Icon: ChartColumn },
    { to: '/todos', label: terminology.todos_label, Icon: ListTodo },
    { to: '/headlines', label: 'Headlines', Icon: Newspaper },
    { to: '/issues', label: terminology.issues_label, Icon: CircleAlert },
    { to: '/meetings', label: meetingsLabel(terminology), Icon: CalendarDays },
    { to: '/meeting-history', label: 'Meeting history', Icon: History },
    { to: '/processes', label: terminology.processes_label, Icon: Workflow },
    { to: '/business-blueprint', label: terminology.business_blueprint_label, Icon: FileText },
    { to: '/organizational-chart', label: terminology.accountability_chart_label, Icon: Network },
    { to: '/documents', label: 'Documents', Icon: FolderOpen },
  ];
  const admin: NavItem[] = isAdmin(user)
    ? [
        { to: '/departments', label: termPlural(terminology, 'department_label'), Icon: Building2 },
        { to: '/users', label: 'Users', Icon: Users },
        { to: '/admin/tools', label: 'Admin Tools', Icon: Wrench },
        { to: '/organization-settings', label: terminology.organization_label, Icon: Building2 },
        { to: '/organization-settings/storage', label: 'Storage Config', Icon: HardDrive },
        { to: '/terminology-settings', label: 'Terminology', Icon: Tags },
        { to: '/billing', label: 'Billing', Icon: CreditCard },
      ]
    : [];
  return { main, admin };
}

const covers = (to: string, pathname: string) =>
  pathname === to || pathname.startsWith(`${to}/`) || pathname.startsWith(`${to}-`);

/**
 * The one entry to highlight: the most specific one covering the path, so variants
 * (/scorecard-original) and children (/departments/x) light their parent, and
 * /organization-settings/storage lights Storage Config alone.
 */
export function activeEntry(items: readonly NavItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const item of items) {
    if (covers(item.to, pathname) && (best === null || item.to.length > best.length)) best = item.to;
  }
  return best;
}

/** Spec section 2: the sidebar is hidden in live meetings. */
export const sidebarHiddenOn = (pathname: string) => pathname.includes('/meetings/');
