import { useState } from 'react';
import X from 'lucide-react/icons/x';
import { SESSION_KEYS, readStorage, writeStorage } from '../../../lib/storage-keys';
import { useSubscriptionStatus } from '../subscription.api';

const dismissed = () => readStorage(sessionStorage, SESSION_KEYS.trialBannerDismissed) === 'true';

/** A trial reminder above the page, dismissible for the rest of the browser session. */
export function TrialBanner() {
  const { data } = useSubscriptionStatus();
  const [hidden, setHidden] = useState(dismissed);
  if (hidden || !data || data.hasSubscription) return null;

  const ended = !data.trialActive || data.daysRemaining <= 0;
  const days = data.daysRemaining === 1 ? '1 day' : `${data.daysRemaining} days`;
  const text = ended ? 'Your free trial has ended.' : `Your free trial ends in ${days}.`;

  return (
    <div
      role="status"
      className={
        ended
          ? 'flex items-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100'
          : 'flex items-center gap-3 bg-blue-50 px-4 py-2 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-100'
      }
    >
      {/* Billing is not built yet: the banner says so in place rather than linking to a placeholder page. */}
      <p className="flex-1">
        {text} <span className="font-semibold">Choosing a plan: coming soon.</span>
      </p>
      <button
        type="button"
        aria-label="Dismiss trial reminder"
        onClick={() => {
          writeStorage(sessionStorage, SESSION_KEYS.trialBannerDismissed, 'true');
          setHidden(true);
        }}
        className="rounded p-1 pointer-coarse:p-3.5 hover:bg-black/10 dark:hover:bg-white/10"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
