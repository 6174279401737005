import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../lib/chunk-reload';
import { FullScreenSpinner } from '../ui/Spinner';
import type { PageId } from '../features/workspace/page-catalog';
import { RouteErrorPage } from './ErrorPage';
import { HomeRoute, RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import NotFoundPage from './NotFoundPage';
import { RootShell } from './RootShell';
import type { SignedInPageName } from './signed-in-pages';

type PageModule = { default: ComponentType };

/** A lazily loaded page whose stale chunk triggers the one-time reload. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await importWithReload(load)).default });

/**
 * A signed-in page, through one lazily loaded table of them: the sign-in page's entry chunk then holds one
 * dynamic import for all of them instead of one (with its preload list) per page, so building pages does
 * not grow what a signed-out visitor downloads.
 */
const signedInPage = (name: SignedInPageName) => async () => {
  const { signedInPages } = await importWithReload(() => import('./signed-in-pages'));
  return { Component: (await importWithReload(signedInPages[name])).default };
};

/** A page that is not built yet: the shared placeholder, named from the catalog. */
const placeholder = (id: PageId) => async () => {
  const { placeholderPage } = await importWithReload(() => import('../features/workspace/pages/placeholder-pages'));
  return { Component: placeholderPage(id) };
};

/** Several paths (a base route and its variants) showing one page. */
const pages = (paths: string[], id: PageId, lazy: RouteObject['lazy'] = placeholder(id)): RouteObject[] =>
  paths.map((path): RouteObject => ({ path, lazy, handle: { page: id } }));

const signedInRoutes: RouteObject[] = [
  ...pages(['/dashboard', '/dashboard-redesigned', '/dashboard-original'], 'dashboard', signedInPage('DashboardPage')),
  ...pages(['/business-blueprint'], 'businessBlueprint', signedInPage('BusinessPlanPage')),
  ...pages(
    ['/quarterly-priorities', '/quarterly-priorities-original', '/quarterly-priorities-redesigned'],
    'priorities',
    signedInPage('PrioritiesPage'),
  ),
  ...pages(['/priorities/import'], 'prioritiesImport', signedInPage('PrioritiesImportPage')),
  ...pages(['/issues/import'], 'issuesImport', signedInPage('IssuesImportPage')),
  ...pages(['/organizations/:orgId/smart-rock-assistant'], 'priorityAssistant', signedInPage('PriorityAssistantPage')),
  ...pages(
    ['/scorecard', '/scorecard-original', '/scorecard-redesigned', '/scorecard-debug'],
    'scorecard',
    signedInPage('ScorecardPage'),
  ),
  ...pages(['/meetings'], 'meetings', signedInPage('MeetingsPage')),
  ...pages(
    ['/meetings/weekly-accountability/:teamId', '/meetings/weekly-accountability-original/:teamId'],
    'weeklyMeeting',
    signedInPage('MeetingPage'),
  ),
  ...pages(['/meetings/weekly-express/:teamId'], 'weeklyExpress', signedInPage('MeetingPage')),
  ...pages(['/meetings/quarterly-planning/:teamId'], 'quarterlyPlanning', signedInPage('MeetingPage')),
  ...pages(['/meetings/annual-planning/:teamId'], 'annualPlanning', signedInPage('MeetingPage')),
  ...pages(['/meetings/:typeKey/:teamId'], 'meetings', signedInPage('MeetingPage')),
  ...pages(['/meeting-history'], 'meetingHistory', signedInPage('MeetingHistoryPage')),
  ...pages(['/todos'], 'todos', signedInPage('TodosPage')),
  ...pages(['/headlines'], 'headlines', signedInPage('HeadlinesPage')),
  ...pages(['/issues', '/issues-original'], 'issues', signedInPage('IssuesPage')),
  ...pages(['/processes'], 'processes', signedInPage('ProcessesPage')),
  ...pages(['/departments/:departmentId'], 'department', signedInPage('DepartmentOverviewPage')),
  ...pages(['/departments/:departmentId/priorities'], 'departmentPriorities', signedInPage('DepartmentPrioritiesPage')),
  ...pages(['/departments/:departmentId/scorecard'], 'departmentScorecard', signedInPage('DepartmentScorecardPage')),
  ...pages(['/departments/:departmentId/meetings'], 'departmentMeetings', signedInPage('DepartmentMeetingsPage')),
  ...pages(['/departments/:departmentId/todos'], 'departmentTodos', signedInPage('DepartmentTodosPage')),
  ...pages(['/departments/:departmentId/issues'], 'departmentIssues', signedInPage('DepartmentIssuesPage')),
  ...pages(['/accountability'], 'accountability', signedInPage('AccountabilityPage')),
  ...pages(['/consultant'], 'consultant', signedInPage('ConsultantDashboardPage')),
  ...pages(['/consultant/accept'], 'consultant', signedInPage('ConsultantAcceptPage')),
  ...pages(['/organizational-chart'], 'organizationalChart', signedInPage('OrgChartPage')),
  ...pages(['/documents'], 'documents', signedInPage('DocumentsPage')),
  ...pages(['/user-settings'], 'userSettings', signedInPage('UserSettingsPage')),
  {
    // Admin only (spec section 2 and the settings pages); admin-or-owner is the same test (spec section 6).
    element: <RequireAdmin />,
    children: [
      ...pages(['/departments'], 'departments', signedInPage('DepartmentsPage')),
      ...pages(['/users'], 'users', signedInPage('UsersPage')),
      ...pages(['/organization-settings'], 'organizationSettings', signedInPage('OrganizationSettingsPage')),
      ...pages(['/terminology-settings'], 'terminologySettings', signedInPage('TerminologySettingsPage')),
      ...pages(['/organization-settings/storage'], 'storage', signedInPage('StorageSettingsPage')),
      ...pages(['/organization-settings/integrations'], 'integrations', signedInPage('IntegrationsPage')),
      ...pages(['/billing'], 'billing', signedInPage('BillingPage')),
      ...pages(['/admin/bulk-import'], 'adminBulkImport', signedInPage('BulkImportPage')),
      ...pages(['/admin/tools'], 'adminTools', signedInPage('AdminToolsPage')),
      ...pages(['/admin/active-meetings'], 'adminActiveMeetings', signedInPage('AdminActiveMeetingsPage')),
      ...pages(['/admin/import-scorecard'], 'adminImportScorecard', signedInPage('ImportScorecardPage')),
      ...pages(['/admin/import-todos'], 'adminImportTodos', signedInPage('TodosImportPage')),
      ...pages(['/admin/system-health'], 'systemHealth', signedInPage('SystemHealthPage')),
      ...pages(['/admin/failed-operations'], 'failedOperations', signedInPage('FailedOperationsPage')),
      ...pages(['/admin/user-activity'], 'userActivity', signedInPage('UserActivityPage')),
      ...pages(['/admin/data-isolation'], 'dataIsolation', signedInPage('DataIsolationPage')),
    ],
  },
];

const ssoCallback = page(() => import('../features/auth/pages/SsoCallbackPage'));

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: FullScreenSpinner,
    children: [
      { path: '/', element: <HomeRoute /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', lazy: page(() => import('../features/auth/pages/LoginPage')) },
          { path: '/register', lazy: page(() => import('../features/auth/pages/RegisterPage')) },
          { path: '/consultant-register', lazy: page(() => import('../features/auth/pages/ConsultantRegisterPage')) },
          { path: '/forgot-password', lazy: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
          { path: '/reset-password', lazy: page(() => import('../features/auth/pages/ResetPasswordPage')) },
        ],
      },
      { path: '/accept-invitation', lazy: page(() => import('../features/auth/pages/AcceptInvitationPage')) },
      { path: '/auth/success', lazy: ssoCallback },
      { path: '/auth/callback', lazy: ssoCallback },
      { path: '/login/auth/callback', lazy: ssoCallback },
      { path: '/privacy', lazy: page(() => import('../features/legal/pages/PrivacyPage')) },
      { path: '/terms', lazy: page(() => import('../features/legal/pages/TermsPage')) },
      { path: '/comparison', lazy: page(() => import('../features/marketing/pages/ComparisonPage')) },
      {
        path: '/dashboard-comparison',
        lazy: page(() => import('../features/marketing/pages/DashboardComparisonPage')),
      },
      {
        path: '/scorecard-comparison',
        lazy: page(() => import('../features/marketing/pages/ScorecardComparisonPage')),
      },
      { path: '/vto', element: <Navigate to="/business-blueprint" replace /> },
      { path: '/rocks', element: <Navigate to="/quarterly-priorities" replace /> },
      {
        element: <RequireAuth />,
        children: [{ lazy: page(() => import('./layout/AppLayout')), children: signedInRoutes }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
