/** The placeholder every "not built yet" page draws (one frame: the walks check it once each). */
export const PLACEHOLDER_TEXT = 'This part of Keel is not built yet.';

/**
 * Every signed-in page of spec section 2 (variants such as /scorecard-original draw the same page), in two
 * walks: the team's work, then the person's and the admin's pages (the account is its organization's owner).
 */
export const workPages = (organizationId: string, teamId: string) => [
  '/dashboard',
  '/quarterly-priorities',
  '/scorecard',
  '/todos',
  '/headlines',
  '/issues',
  '/meetings',
  `/meetings/weekly-accountability/${teamId}`,
  `/meetings/weekly-express/${teamId}`,
  `/meetings/quarterly-planning/${teamId}`,
  `/meetings/annual-planning/${teamId}`,
  '/meeting-history',
  '/processes',
  '/business-blueprint',
  '/organizational-chart',
  '/documents',
  '/accountability',
  `/departments/${teamId}`,
  `/departments/${teamId}/priorities`,
  `/departments/${teamId}/scorecard`,
  `/departments/${teamId}/meetings`,
  `/departments/${teamId}/todos`,
  `/departments/${teamId}/issues`,
  '/priorities/import',
  '/issues/import',
  `/organizations/${organizationId}/smart-rock-assistant`,
];
export const accountAndAdminPages = [
  '/user-settings',
  '/consultant',
  '/billing',
  '/departments',
  '/users',
  '/organization-settings',
  '/organization-settings/storage',
  '/organization-settings/integrations',
  '/terminology-settings',
  '/admin/tools',
  '/admin/bulk-import',
  '/admin/active-meetings',
  '/admin/import-scorecard',
  '/admin/import-todos',
  '/admin/system-health',
  '/admin/failed-operations',
  '/admin/user-activity',
  '/admin/data-isolation',
  '/no-such-page',
];

/** Both walks' pages, in order. */
export const signedInPages = (organizationId: string, teamId: string) => [
  ...workPages(organizationId, teamId),
  ...accountAndAdminPages,
];
