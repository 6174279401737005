import { DASHBOARD_LIMIT_DEFAULT, dashboardSchema, type DashboardSection, type RealtimeEntity } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationQuery } from '../../lib/organization-query';
import { localToday } from '../todos/todo-dates';

/** The realtime entity each section shows; 'priority' changes also cover milestones. */
export const SECTION_ENTITY: Record<DashboardSection, RealtimeEntity> = {
  priorities: 'priority',
  todos: 'todo',
  issues: 'issue',
  headlines: 'headline',
};

/**
 * One query per section, keyed under its entity (['organizations', id, entity, 'dashboard', …]): a
 * change event for that entity refreshes just that section, and the features' own mutations reach
 * it the same way.
 */
export function useDashboardSection(section: DashboardSection) {
  const today = localToday();
  return useOrganizationQuery(SECTION_ENTITY[section], ['dashboard', section, today], (organizationId) =>
    apiRequest(
      `/organizations/${encodeURIComponent(organizationId)}/me/dashboard?${new URLSearchParams({
        section,
        today,
        limit: String(DASHBOARD_LIMIT_DEFAULT),
      }).toString()}`,
      { schema: dashboardSchema },
    ),
  );
}
