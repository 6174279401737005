import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import X from 'lucide-react/icons/x';
import type { SubscriptionStatus } from '@keel/contract';
import { SESSION_KEYS, readStorage, writeStorage } from '../../../lib/storage-keys';
import { useSession } from '../../../lib/session-store';
import { isAdmin } from '../../../lib/user';
import { linkClasses } from '../../../ui/TextLink';
import { useSubscriptionStatus } from '../subscription.api';

const dismissed = () => readStorage(sessionStorage, SESSION_KEYS.trialBannerDismissed) === 'true';

const INFO = 'flex items-center gap-3 bg-blue-50 px-4 py-2 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-100';
const WARNING =
  'flex items-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100';

function readOnlyText(status: SubscriptionStatus): string {
  const why = status.accountStatus === 'canceled' ? 'its subscription has ended' : 'its free trial has ended';
  return `This organization is read-only: ${why}. Nothing was deleted, and everything can still be read and exported.`;
}

/**
 * The plan above every page: a trial's days left (dismissible for the browser session), a failed payment, or a
 * lapsed organization made read-only (not dismissible). Admins get the way to billing; others who to ask.
 * A server that bills nobody shows nothing: it has no trial to end.
 */
export function TrialBanner() {
  const { data } = useSubscriptionStatus();
  const admin = useSession((state) => isAdmin(state.user));
  const [hidden, setHidden] = useState(dismissed);
  if (!data || !data.billingConfigured) return null;

  const action = (words: string): ReactNode =>
    admin ? (
      <Link to="/billing" className={`font-semibold ${linkClasses}`}>
        {words}
      </Link>
    ) : (
      <span className="font-semibold">Ask an administrator to {words.toLowerCase()}.</span>
    );

  if (data.readOnly) {
    return (
      <div role="status" className={WARNING}>
        <p className="flex-1">
          {readOnlyText(data)} {action('Choose a plan')}
        </p>
      </div>
    );
  }
  if (data.accountStatus === 'past_due') {
    return (
      <div role="status" className={WARNING}>
        <p className="flex-1">The last payment for this organization failed. {action('Update the payment details')}</p>
      </div>
    );
  }
  if (hidden || data.hasSubscription || !data.trialActive) return null;

  const days = data.daysRemaining === 1 ? '1 day' : `${data.daysRemaining} days`;
  return (
    <div role="status" className={INFO}>
      <p className="flex-1">
        Your free trial ends in {days}. {action('Choose a plan')}
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
