import { Link } from 'react-router';
import { TERMINOLOGY_PRESETS } from '@keel/contract';
import { container, focusRing } from './styles';

const footerLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/comparison', label: 'Compare Keel' },
  { to: '/dashboard-comparison', label: 'Dashboards' },
  { to: '/scorecard-comparison', label: 'Scorecards' },
] as const;

// The custom preset is Keel's own vocabulary, so only the named methodologies need the notice.
const trademarkedNames = TERMINOLOGY_PRESETS.filter((preset) => preset.key !== 'custom').map((preset) => preset.name);

/** `patentNotice` is the operator's (MARKETING_CONTENT_FILE): pages that do not pass it claim no patent. */
export function PublicFooter({ patentNotice = null }: { patentNotice?: string | null }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className={`${container} space-y-6 py-10 text-sm text-slate-600 dark:text-slate-300`}>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={`rounded-sm font-medium text-slate-800 underline-offset-2 hover:underline dark:text-slate-100 ${focusRing}`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-2">
          <p>
            {trademarkedNames.join(', ')} and the terms that belong to them are trademarks or names of their respective
            owners. Keel is not affiliated with, endorsed by or sponsored by any methodology organization.
          </p>
          {patentNotice ? <p>{patentNotice}</p> : null}
          <p>© {new Date().getFullYear()} Keel. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
