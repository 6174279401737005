import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../lib/chunk-reload';
import { FullScreenSpinner } from '../ui/Spinner';
import type { PageId } from '../features/workspace/page-catalog';
import { RouteErrorPage } from './ErrorPage';
import { HomeRoute, RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import NotFoundPage from './NotFoundPage';
import { RootShell } from './RootShell';

type PageModule = { default: ComponentType };

/** A lazily loaded page whose stale chunk triggers the one-time reload. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await importWithReload(load)).default });

/** A page that is not built yet: the shared placeholder, named from the catalog. */
const placeholder = (id: PageId) => async () => {
  const { placeholderPage } = await importWithReload(() => import('../features/workspace/pages/placeholder-pages'));
  return { Component: placeholderPage(id) };
};

/** Several paths (a base route and its variants) showing one page. */
const pages = (paths: string[], id: PageId, lazy: RouteObject['lazy'] = placeholder(id)): RouteObject[] =>
  paths.map((path): RouteObject => ({ path, lazy, handle: { page: id } }));

const signedInRoutes: RouteObject[] = [
  ...pages(
    ['/dashboard', '/dashboard-redesigned', '/dashboard-original'],
    'dashboard',
    page(() => import('../features/dashboard/pages/DashboardPage')),
  ),
  ...pages(['/business-blueprint'], 'businessBlueprint'),
  ...pages(
    ['/quarterly-priorities', '/quarterly-priorities-original', '/quarterly-priorities-redesigned'],
    'priorities',
    page(() => import('../features/priorities/pages/PrioritiesPage')),
  ),
  ...pages(
    ['/priorities/import'],
    'prioritiesImport',
    page(() => import('../features/imports/pages/PrioritiesImportPage')),
  ),
  ...pages(
    ['/issues/import'],
    'issuesImport',
    page(() => import('../features/imports/pages/IssuesImportPage')),
  ),
  ...pages(['/organizations/:orgId/smart-rock-assistant'], 'priorityAssistant'),
  ...pages(['/scorecard', '/scorecard-original', '/scorecard-redesigned', '/scorecard-debug'], 'scorecard'),
  ...pages(['/meetings'], 'meetings'),
  ...pages(
    ['/meetings/weekly-accountability/:teamId', '/meetings/weekly-accountability-original/:teamId'],
    'weeklyMeeting',
  ),
  ...pages(['/meetings/weekly-express/:teamId'], 'weeklyExpress'),
  ...pages(['/meetings/quarterly-planning/:teamId'], 'quarterlyPlanning'),
  ...pages(['/meetings/annual-planning/:teamId'], 'annualPlanning'),
  ...pages(['/meeting-history'], 'meetingHistory'),
  ...pages(
    ['/todos'],
    'todos',
    page(() => import('../features/todos/pages/TodosPage')),
  ),
  ...pages(
    ['/headlines'],
    'headlines',
    page(() => import('../features/headlines/pages/HeadlinesPage')),
  ),
  ...pages(
    ['/issues', '/issues-original'],
    'issues',
    page(() => import('../features/issues/pages/IssuesPage')),
  ),
  ...pages(['/processes'], 'processes'),
  ...pages(['/departments/:departmentId'], 'department'),
  ...pages(
    ['/departments/:departmentId/priorities'],
    'departmentPriorities',
    page(() => import('../features/priorities/pages/DepartmentPrioritiesPage')),
  ),
  ...pages(['/departments/:departmentId/scorecard'], 'departmentScorecard'),
  ...pages(['/departments/:departmentId/meetings'], 'departmentMeetings'),
  ...pages(
    ['/departments/:departmentId/todos'],
    'departmentTodos',
    page(() => import('../features/todos/pages/DepartmentTodosPage')),
  ),
  ...pages(
    ['/departments/:departmentId/issues'],
    'departmentIssues',
    page(() => import('../features/issues/pages/DepartmentIssuesPage')),
  ),
  ...pages(['/accountability'], 'accountability'),
  ...pages(['/billing'], 'billing'),
  ...pages(
    ['/consultant'],
    'consultant',
    page(() => import('../features/consultants/pages/ConsultantDashboardPage')),
  ),
  ...pages(
    ['/consultant/accept'],
    'consultant',
    page(() => import('../features/consultants/pages/ConsultantAcceptPage')),
  ),
  ...pages(['/organizational-chart'], 'organizationalChart'),
  ...pages(['/documents'], 'documents'),
  ...pages(
    ['/user-settings'],
    'userSettings',
    page(() => import('../features/user-settings/pages/UserSettingsPage')),
  ),
  {
    // Admin only (spec section 2 and the settings pages); admin-or-owner is the same test (spec section 6).
    element: <RequireAdmin />,
    children: [
      ...pages(
        ['/departments'],
        'departments',
        page(() => import('../features/departments/pages/DepartmentsPage')),
      ),
      ...pages(
        ['/users'],
        'users',
        page(() => import('../features/members/pages/UsersPage')),
      ),
      ...pages(
        ['/organization-settings'],
        'organizationSettings',
        page(() => import('../features/organization/pages/OrganizationSettingsPage')),
      ),
      ...pages(
        ['/terminology-settings'],
        'terminologySettings',
        page(() => import('../features/terminology/pages/TerminologySettingsPage')),
      ),
      ...pages(['/organization-settings/storage'], 'storage'),
      ...pages(
        ['/admin/bulk-import'],
        'adminBulkImport',
        page(() => import('../features/member-import/pages/BulkImportPage')),
      ),
      ...pages(
        ['/admin/tools'],
        'adminTools',
        page(() => import('../features/operations/pages/AdminToolsPage')),
      ),
      ...pages(['/admin/active-meetings'], 'adminActiveMeetings'),
      ...pages(['/admin/import-scorecard'], 'adminImportScorecard'),
      ...pages(
        ['/admin/import-todos'],
        'adminImportTodos',
        page(() => import('../features/imports/pages/TodosImportPage')),
      ),
      ...pages(
        ['/admin/system-health'],
        'systemHealth',
        page(() => import('../features/operations/pages/SystemHealthPage')),
      ),
      ...pages(
        ['/admin/failed-operations'],
        'failedOperations',
        page(() => import('../features/operations/pages/FailedOperationsPage')),
      ),
      ...pages(
        ['/admin/user-activity'],
        'userActivity',
        page(() => import('../features/user-activity/pages/UserActivityPage')),
      ),
      ...pages(
        ['/admin/data-isolation'],
        'dataIsolation',
        page(() => import('../features/operations/pages/DataIsolationPage')),
      ),
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
