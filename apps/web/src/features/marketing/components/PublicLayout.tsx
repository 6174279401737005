import type { ReactNode } from 'react';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';
import { focusRing } from './styles';

/** Shared by marketing and legal pages so every public page has the same landmarks and skip link. */
export function PublicLayout({ children, patentNotice }: { children: ReactNode; patentNotice?: string | null }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main-content"
        className={`sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-blue-800 focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 dark:bg-slate-900 dark:text-blue-200 ${focusRing}`}
      >
        Skip to main content
      </a>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter patentNotice={patentNotice ?? null} />
    </div>
  );
}
