import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../lib/product';
import { linkClasses } from '../../../ui/TextLink';

interface AuthLayoutProps {
  /** The welcome panel's heading and text. */
  welcomeTitle: string;
  welcomeText: string;
  welcomePoints?: string[];
  children: ReactNode;
}

/** The signed-out screens' frame: a welcome panel beside the form, stacked on a phone. */
export function AuthLayout({ welcomeTitle, welcomeText, welcomePoints = [], children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col lg:flex-row">
      <section
        aria-label="Welcome"
        className="bg-gradient-to-br from-blue-800 to-slate-900 px-6 py-8 text-white lg:flex lg:w-5/12 lg:flex-col lg:justify-center lg:px-12"
      >
        <Link to="/" className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-white">
          <img src="/favicon.svg" alt="" className="size-8" />
          {PRODUCT_NAME}
        </Link>
        <h2 className="mt-6 text-2xl font-semibold lg:text-3xl">{welcomeTitle}</h2>
        <p className="mt-3 max-w-md text-blue-100">{welcomeText}</p>
        {welcomePoints.length > 0 ? (
          <ul className="mt-6 hidden space-y-2 text-blue-50 sm:block">
            {welcomePoints.map((point) => (
              <li key={point} className="flex gap-2">
                <span aria-hidden="true">✓</span>
                {point}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="flex flex-1 flex-col bg-white dark:bg-slate-950">
        <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:px-8">
          <div className="w-full max-w-md">{children}</div>
        </main>
        <footer className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <Link to="/terms" className={linkClasses}>
            Terms
          </Link>
          <Link to="/privacy" className={linkClasses}>
            Privacy
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClasses}>
            Support
          </a>
        </footer>
      </div>
    </div>
  );
}
