import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { TrialBanner } from './TrialBanner';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function status(body: Record<string, unknown>, headers: Record<string, string>) {
  stubFetch({ 'GET /subscription/status': { body: { data: { hasSubscription: false, ...body } }, headers } });
}
const TRIAL = {
  'x-trial-active': 'true',
  'x-trial-days-remaining': '3',
  'x-account-status': 'trialing',
  'x-subscription-tier': 'trial',
};
const ENDED = { ...TRIAL, 'x-trial-active': 'false', 'x-trial-days-remaining': '0' };
const signedInAs = (role: 'admin' | 'member') => useSession.setState({ status: 'signedIn', user: makeUser({ role }) });

describe('TrialBanner', () => {
  it("leads an admin to billing from a trial's last days, and can be put away for the session", async () => {
    signedInAs('admin');
    status({ billingConfigured: true, readOnly: false }, TRIAL);
    renderPage(<TrialBanner />);
    expect(await screen.findByText(/Your free trial ends in 3 days\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/billing');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss trial reminder' }));
    expect(screen.queryByText(/Your free trial ends/)).toBeNull();
  });

  it('says a lapsed organization is read-only, cannot be dismissed, and tells a member whom to ask', async () => {
    signedInAs('member');
    status({ billingConfigured: true, readOnly: true }, ENDED);
    renderPage(<TrialBanner />);
    expect(
      await screen.findByText(
        /This organization is read-only: its free trial has ended\. Nothing was deleted, and everything can still be read and exported\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ask an administrator to choose a plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dismiss trial reminder' })).toBeNull();
  });

  it('warns of a failed payment', async () => {
    signedInAs('admin');
    status(
      { hasSubscription: true, billingConfigured: true, readOnly: false },
      { ...ENDED, 'x-account-status': 'past_due', 'x-subscription-tier': 'growth' },
    );
    renderPage(<TrialBanner />);
    expect(await screen.findByText(/The last payment for this organization failed\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update the payment details' })).toBeTruthy();
  });

  it('shows nothing on a server that bills nobody, whatever its trial dates say', async () => {
    signedInAs('admin');
    const stub = stubFetch({
      'GET /subscription/status': {
        body: { data: { hasSubscription: false, billingConfigured: false } },
        headers: ENDED,
      },
    });
    renderPage(<TrialBanner />);
    await vi.waitFor(() => expect(stub.callsTo('GET /subscription/status')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
