import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_LIMIT_DEFAULT, type Dashboard, type DashboardSection } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationId } from '../../lib/session-store';
import { localToday } from '../todos/todo-dates';

/** The realtime entity each section shows; 'priority' changes also cover milestones. */
export const SECTION_ENTITY: Record<DashboardSection, string> = {
  priorities: 'priority',
  todos: 'todo',
  issues: 'issue',
  headlines: 'headline',
};

/**
 * One query per section, keyed under its entity: a change event for that entity (which invalidates
 * ['organizations', id, entity]) refreshes just that section, and the features' own mutations reach
 * it the same way.
 */
export const dashboardKeys = {
  section: (organizationId: string, section: DashboardSection, today: string) =>
    ['organizations', organizationId, SECTION_ENTITY[section], 'dashboard', section, today] as const,
};

export function useDashboardSection(section: DashboardSection) {
  const organizationId = useOrganizationId() ?? 'none';
  const today = localToday();
  return useQuery({
    queryKey: dashboardKeys.section(organizationId, section, today),
    queryFn: () =>
      apiRequest<Dashboard>(
        `/organizations/${encodeURIComponent(organizationId)}/me/dashboard?${new URLSearchParams({
          section,
          today,
          limit: String(DASHBOARD_LIMIT_DEFAULT),
        }).toString()}`,
      ),
    enabled: organizationId !== 'none',
  });
}
