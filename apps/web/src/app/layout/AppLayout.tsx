import { useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import X from 'lucide-react/icons/x';
import { departmentIdInPath, useRealtimeConnection, useRealtimeTeam } from '../../lib/realtime-react';
import { FullScreenSpinner } from '../../ui/Spinner';
import { useReturnFocus } from '../../ui/return-focus';
import { BlockingLegalDialog } from '../../features/agreements/components/BlockingLegalDialog';
import { useAgreementsCheck } from '../../features/agreements/agreements.api';
import { useSelectedDepartment } from '../../features/departments/departments.api';
import { useMarketingContent } from '../../features/marketing/marketing-content.api';
import { HelpButton } from '../../features/feedback/components/HelpButton';
import { useOrgTheme } from '../../features/organization/use-org-theme';
import { ImpersonationBanner } from '../../features/consultants/components/ImpersonationBanner';
import { TrialBanner } from '../../features/subscription/components/TrialBanner';
import { useTerminology } from '../../features/terminology/terminology.api';
import { pageTitle, type PageId } from '../../features/workspace/page-catalog';
import { sidebarHiddenOn } from './nav-items';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

interface PageHandle {
  page: PageId;
}

const hasPage = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { page?: unknown }).page === 'string';

function usePageName(): string | null {
  const matches = useMatches();
  const terms = useTerminology();
  const match = [...matches].reverse().find((candidate) => hasPage(candidate.handle));
  return match && hasPage(match.handle) ? pageTitle(match.handle.page, terms) : null;
}

/** The signed-in frame of spec section 2: sidebar, top bar, trial banner, footer, help and legal dialogs. */
export default function AppLayout() {
  useOrgTheme();
  const agreements = useAgreementsCheck(true);
  const { pathname } = useLocation();
  // Live updates: every signed-in page follows its organization, the selected department's team,
  // and the department in the address (/departments/:id/...).
  useRealtimeConnection();
  useRealtimeTeam(useSelectedDepartment().selected?.id);
  useRealtimeTeam(departmentIdInPath(pathname));
  const navigation = useNavigation();
  const pageName = usePageName();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocusFromDrawer = useReturnFocus(drawerOpen);
  // The operator's notice (MARKETING_CONTENT_FILE); a server without one claims no patent.
  const patentNotice = useMarketingContent()?.patentPending;

  // Spec section 2: a full-screen spinner while the legal agreements are being checked.
  if (agreements.isPending) return <FullScreenSpinner label="Checking your account…" />;

  const showSidebar = !sidebarHiddenOn(pathname);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand"
        />
      ) : null}
      {showSidebar ? (
        <>
          <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <Sidebar pathname={pathname} />
          </aside>
          <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 lg:hidden" />
              <RadixDialog.Content
                id="app-sidebar"
                aria-describedby={undefined}
                onCloseAutoFocus={returnFocusFromDrawer}
                className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden dark:bg-slate-900"
              >
                <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
                <RadixDialog.Close
                  aria-label="Close navigation"
                  className="absolute right-2 top-3 rounded p-2 text-slate-700 pointer-coarse:p-3 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <X aria-hidden="true" className="size-5" />
                </RadixDialog.Close>
                <Sidebar pathname={pathname} onNavigate={() => setDrawerOpen(false)} />
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          pageName={pageName}
          menuOpen={drawerOpen}
          {...(showSidebar ? { onOpenMenu: () => setDrawerOpen(true) } : {})}
        />
        <ImpersonationBanner />
        <TrialBanner />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 pb-20 pt-2 outline-none sm:px-6">
          <Outlet />
        </main>
        <footer className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          © {new Date().getFullYear()} Keel.{patentNotice ? ` ${patentNotice}` : null}
        </footer>
      </div>
      <HelpButton />
      {agreements.data?.needsAcceptance ? <BlockingLegalDialog /> : null}
    </div>
  );
}
