import type { ComponentType } from 'react';

/** Every signed-in page's module, loaded on the first signed-in navigation (see `signedInPage` in routes.tsx). */
export const signedInPages = {
  DashboardPage: () => import('../features/dashboard/pages/DashboardPage'),
  PrioritiesPage: () => import('../features/priorities/pages/PrioritiesPage'),
  PrioritiesImportPage: () => import('../features/imports/pages/PrioritiesImportPage'),
  IssuesImportPage: () => import('../features/imports/pages/IssuesImportPage'),
  TodosPage: () => import('../features/todos/pages/TodosPage'),
  ScorecardPage: () => import('../features/scorecard/pages/ScorecardPage'),
  HeadlinesPage: () => import('../features/headlines/pages/HeadlinesPage'),
  IssuesPage: () => import('../features/issues/pages/IssuesPage'),
  DepartmentPrioritiesPage: () => import('../features/priorities/pages/DepartmentPrioritiesPage'),
  DepartmentTodosPage: () => import('../features/todos/pages/DepartmentTodosPage'),
  DepartmentScorecardPage: () => import('../features/scorecard/pages/DepartmentScorecardPage'),
  DepartmentIssuesPage: () => import('../features/issues/pages/DepartmentIssuesPage'),
  ConsultantDashboardPage: () => import('../features/consultants/pages/ConsultantDashboardPage'),
  ConsultantAcceptPage: () => import('../features/consultants/pages/ConsultantAcceptPage'),
  UserSettingsPage: () => import('../features/user-settings/pages/UserSettingsPage'),
  DepartmentsPage: () => import('../features/departments/pages/DepartmentsPage'),
  UsersPage: () => import('../features/members/pages/UsersPage'),
  OrganizationSettingsPage: () => import('../features/organization/pages/OrganizationSettingsPage'),
  TerminologySettingsPage: () => import('../features/terminology/pages/TerminologySettingsPage'),
  BulkImportPage: () => import('../features/member-import/pages/BulkImportPage'),
  AdminToolsPage: () => import('../features/operations/pages/AdminToolsPage'),
  TodosImportPage: () => import('../features/imports/pages/TodosImportPage'),
  ImportScorecardPage: () => import('../features/scorecard/pages/ImportScorecardPage'),
  SystemHealthPage: () => import('../features/operations/pages/SystemHealthPage'),
  FailedOperationsPage: () => import('../features/operations/pages/FailedOperationsPage'),
  UserActivityPage: () => import('../features/user-activity/pages/UserActivityPage'),
  DataIsolationPage: () => import('../features/operations/pages/DataIsolationPage'),
  MeetingPage: () => import('../features/meetings/pages/MeetingPage'),
  MeetingsPage: () => import('../features/meetings/pages/MeetingsPage'),
  DepartmentMeetingsPage: () => import('../features/meetings/pages/DepartmentMeetingsPage'),
  MeetingHistoryPage: () => import('../features/meetings/pages/MeetingHistoryPage'),
  AdminActiveMeetingsPage: () => import('../features/meetings/pages/AdminActiveMeetingsPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type SignedInPageName = keyof typeof signedInPages;
