import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsultantClientList } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import ConsultantRegisterPage from '../../auth/pages/ConsultantRegisterPage';
import ConsultantAcceptPage from './ConsultantAcceptPage';
import ConsultantDashboardPage from './ConsultantDashboardPage';
import { planText } from '../consultant-words';

const CLIENT = '44444444-4444-4444-8444-444444444444';
const consultant = makeUser({ isConsultant: true, role: 'owner', organizationName: 'Coach & Co' });
const clients: ConsultantClientList = {
  truncated: false,
  clients: [
    {
      organizationId: CLIENT,
      organizationName: 'Acme Corp',
      accessLevel: 'admin',
      clientStatus: 'active',
      grantedAt: '2026-01-01T00:00:00.000Z',
      figures: { members: 12, openIssues: 3, prioritiesOnTrack: 4, prioritiesThisQuarter: 5 },
      plan: { accountStatus: 'trialing', subscriptionTier: 'trial', trialDaysRemaining: 6 },
    },
  ],
};
const terminology = { [`GET /terminology/organizations/${ORG_ID}`]: { body: {} } };

beforeEach(() => useSession.setState({ status: 'signedIn', user: consultant }));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('ConsultantDashboardPage', () => {
  it('lists each client with its figures', async () => {
    stubFetch({ ...terminology, 'GET /consultant/clients': { body: { data: clients } } });
    renderPage(<ConsultantDashboardPage />, { path: '/consultant' });
    expect(await screen.findByRole('heading', { name: 'Acme Corp' })).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('4 / 5')).toBeTruthy();
    expect(screen.getByText(/Access: admin • Trial: 6 days left/)).toBeTruthy();
  });

  it.each([
    [{ accountStatus: 'trialing', subscriptionTier: 'trial', trialDaysRemaining: 0 }, 'Trial ended'],
    [{ accountStatus: 'active', subscriptionTier: 'growth', trialDaysRemaining: 0 }, 'Growth plan'],
    [{ accountStatus: 'past_due', subscriptionTier: 'starter', trialDaysRemaining: 0 }, 'Starter plan: payment failed'],
    [{ accountStatus: 'canceled', subscriptionTier: 'starter', trialDaysRemaining: 0 }, 'Subscription ended'],
  ] as const)('names a client plan %o as "%s"', (plan, text) => {
    expect(planText(plan)).toBe(text);
  });

  it('says so when no client granted access yet', async () => {
    stubFetch({ ...terminology, 'GET /consultant/clients': { body: { data: { clients: [], truncated: false } } } });
    renderPage(<ConsultantDashboardPage />, { path: '/consultant' });
    expect(await screen.findByText(/No client has granted you access yet/)).toBeTruthy();
  });

  it('tells a person without a consultant account what the page is for, without asking for clients', async () => {
    useSession.setState({ user: makeUser({ isConsultant: false }) });
    const { calls } = stubFetch({ ...terminology });
    renderPage(<ConsultantDashboardPage />, { path: '/consultant' });
    expect(await screen.findByText(/This dashboard is for consultant accounts/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/consultant/clients')).toBe(false);
  });

  it('switches in: stores the client session, remembers home, announces the change and opens the dashboard', async () => {
    const inside = makeUser({
      isConsultant: true,
      role: 'admin',
      organizationId: CLIENT,
      organization_id: CLIENT,
      organizationName: 'Acme Corp',
      isImpersonating: true,
      originalOrganizationId: ORG_ID,
    });
    const stub = stubFetch({
      ...terminology,
      'GET /consultant/clients': { body: { data: clients } },
      'POST /consultant/switch': {
        body: { data: { user: inside, accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r2' } },
      },
    });
    const changed = vi.fn();
    window.addEventListener('organization-changed', changed);
    const user = userEvent.setup();
    renderPage(<ConsultantDashboardPage />, { path: '/consultant', markers: ['/dashboard'] });
    await user.click(await screen.findByRole('button', { name: 'Work in Acme Corp' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(stub.callsTo('POST /consultant/switch')[0]?.body).toEqual({ organizationId: CLIENT });
    expect(useSession.getState().user).toMatchObject({ organizationId: CLIENT, isImpersonating: true });
    expect(localStorage.getItem('organizationId')).toBe(CLIENT);
    expect(sessionStorage.getItem('consultantHomeName')).toBe('Coach & Co');
    expect(changed).toHaveBeenCalledTimes(1);
    window.removeEventListener('organization-changed', changed);
  });

  it("shows the server's refusal", async () => {
    stubFetch({
      ...terminology,
      'GET /consultant/clients': { body: { data: clients } },
      'POST /consultant/switch': {
        status: 403,
        body: { error: 'You do not have consultant access to this organization', code: 'consultant.no_access' },
      },
    });
    const user = userEvent.setup();
    renderPage(<ConsultantDashboardPage />, { path: '/consultant' });
    await user.click(await screen.findByRole('button', { name: 'Work in Acme Corp' }));
    expect(await screen.findByText('You do not have consultant access to this organization')).toBeTruthy();
  });
});

describe('ConsultantAcceptPage', () => {
  it('accepts the link once and names the client', async () => {
    const stub = stubFetch({
      'POST /consultant/invitations/accept': {
        body: { data: { organizationId: CLIENT, organizationName: 'Acme Corp' } },
      },
    });
    renderPage(<ConsultantAcceptPage />, { path: `/consultant/accept?organization=${CLIENT}&token=abc` });
    expect(await screen.findByText(/You can now work in Acme Corp/)).toBeTruthy();
    expect(stub.callsTo('POST /consultant/invitations/accept')).toHaveLength(1);
    expect(stub.callsTo('POST /consultant/invitations/accept')[0]?.body).toEqual({
      organizationId: CLIENT,
      token: 'abc',
    });
  });

  it('shows why a used or expired link is refused, and an incomplete link without calling', async () => {
    stubFetch({
      'POST /consultant/invitations/accept': {
        status: 400,
        body: { error: 'This consultant invitation link is invalid', code: 'consultant.invalid_invitation' },
      },
    });
    const view = renderPage(<ConsultantAcceptPage />, { path: `/consultant/accept?organization=${CLIENT}&token=x` });
    expect(await screen.findByText('This consultant invitation link is invalid')).toBeTruthy();
    view.unmount();
    renderPage(<ConsultantAcceptPage />, { path: '/consultant/accept' });
    expect(screen.getByText(/This invitation link is incomplete/)).toBeTruthy();
  });
});

describe('ConsultantRegisterPage', () => {
  it('registers through /auth/consultant-register and opens /consultant', async () => {
    useSession.setState({ status: 'signedOut', user: null });
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const stub = stubFetch({
      'POST /auth/consultant-register': {
        status: 201,
        body: { data: { user: consultant, accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r' } },
      },
    });
    const user = userEvent.setup();
    renderPage(<ConsultantRegisterPage />, { path: '/consultant-register', markers: ['/consultant'] });
    expect(screen.getByRole('heading', { name: 'Consultant registration' })).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Marie');
    await user.type(screen.getByLabelText('Last name'), 'Curie');
    await user.type(screen.getByLabelText('Work email'), 'marie@example.com');
    await user.type(screen.getByLabelText('Your practice (organization name)'), 'Coach & Co');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
    await user.click(screen.getByLabelText('I have read and agree to the Privacy Policy'));
    await user.click(screen.getByRole('button', { name: 'Create consultant account' }));
    expect(await screen.findByText('at /consultant')).toBeTruthy();
    expect(stub.callsTo('POST /auth/consultant-register')[0]?.body).toMatchObject({
      email: 'marie@example.com',
      organizationName: 'Coach & Co',
    });
  });
});
