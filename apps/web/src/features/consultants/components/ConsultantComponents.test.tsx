import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsultantGrant } from '@keel/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { fakeJwt, inSeconds, stubFetch } from '../../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { ConsultantsSection } from './ConsultantsSection';
import { ImpersonationBanner } from './ImpersonationBanner';

const HOME = '55555555-5555-4555-8555-555555555555';
const grant = (overrides: Partial<ConsultantGrant> = {}): ConsultantGrant => ({
  id: '66666666-6666-4666-8666-666666666666',
  email: 'marie@example.com',
  consultantName: 'Marie Curie',
  accessLevel: 'admin',
  status: 'active',
  clientStatus: 'active',
  expiresAt: null,
  grantedAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 2,
  ...overrides,
});
const listPath = `GET /organizations/${ORG_ID}/consultants`;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('ConsultantsSection', () => {
  beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser({ role: 'admin' }) }));

  it('lists consultants and revokes with the version it read', async () => {
    const stub = stubFetch({
      [listPath]: { body: { data: [grant()] } },
      [`POST /organizations/${ORG_ID}/consultants/${grant().id}/revoke`]: {
        body: { data: grant({ status: 'revoked', version: 3 }) },
      },
    });
    const user = userEvent.setup();
    renderPage(<ConsultantsSection />);
    expect(await screen.findByText('Marie Curie (marie@example.com)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke access of marie@example.com' }));
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/consultants/${grant().id}/revoke`)[0]?.body).toEqual({
      version: 2,
    });
  });

  it('invites by e-mail with an access level and shows the server refusal', async () => {
    const stub = stubFetch({
      [listPath]: { body: { data: [] } },
      [`POST /organizations/${ORG_ID}/consultants`]: [
        {
          status: 201,
          body: {
            data: {
              ...grant({ status: 'invited', email: 'new@example.com' }),
              delivery: { mailed: true, unmailed: [] },
            },
          },
        },
        { status: 400, body: { error: 'Please enter a valid email address', code: 'validation' } },
      ],
    });
    const user = userEvent.setup();
    renderPage(<ConsultantsSection />);
    expect(await screen.findByText('No consultant has been invited yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Consultant e-mail'), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Access'), 'member');
    await user.click(screen.getByRole('button', { name: 'Invite consultant' }));
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeTruthy();
    expect(stub.callsTo(`POST /organizations/${ORG_ID}/consultants`)[0]?.body).toEqual({
      email: 'new@example.com',
      accessLevel: 'member',
    });
    await user.type(screen.getByLabelText('Consultant e-mail'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Invite consultant' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('without mail on the server, offers the invitation link instead of saying it was sent', async () => {
    const link = `http://keel.test/consultant/accept?organization=${ORG_ID}&token=secret`;
    stubFetch({
      [listPath]: { body: { data: [] } },
      [`POST /organizations/${ORG_ID}/consultants`]: {
        status: 201,
        body: {
          data: {
            ...grant({ status: 'invited', email: 'coach@example.com' }),
            delivery: { mailed: false, unmailed: [{ email: 'coach@example.com', link }] },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<ConsultantsSection />);
    await user.type(await screen.findByLabelText('Consultant e-mail'), 'coach@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite consultant' }));
    expect(await screen.findByText(/Mail is not set up on this server, so no e-mail was sent/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Invitation link for coach@example.com').value).toBe(link);
    expect(screen.queryByText(/Invitation sent to/)).toBeNull();
  });
});

/** A consultant signed in to the client Acme, from their home organization. */
const signInToClient = () =>
  useSession.setState({
    status: 'signedIn',
    user: makeUser({
      isConsultant: true,
      isImpersonating: true,
      originalOrganizationId: HOME,
      organizationName: 'Acme',
    }),
  });

describe('ImpersonationBanner', () => {
  it('says so once a request inside the client is refused as revoked', async () => {
    signInToClient();
    stubFetch({
      'GET /organizations/current': {
        status: 403,
        body: {
          error: 'Your consultant access to this organization has been revoked.',
          code: 'consultant.access_revoked',
        },
      },
    });
    const view = renderPage(<ImpersonationBanner />);
    await view.queryClient
      .fetchQuery({
        queryKey: ['probe'],
        queryFn: () => apiRequest('/organizations/current'),
      })
      .catch(() => undefined);
    expect(await screen.findByText(/has revoked your consultant access/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to your organization' })).toBeTruthy();
  });

  it('shows nothing outside consultant mode', () => {
    useSession.setState({ status: 'signedIn', user: makeUser({ isConsultant: true }) });
    renderPage(<ImpersonationBanner />);
    expect(screen.queryByRole('region', { name: 'Consultant mode' })).toBeNull();
  });

  it('names the client and returns home in one click', async () => {
    sessionStorage.setItem('consultantHomeName', 'Coach & Co');
    signInToClient();
    const home = makeUser({
      isConsultant: true,
      organizationId: HOME,
      organization_id: HOME,
      organizationName: 'Coach & Co',
    });
    const stub = stubFetch({
      'POST /consultant/return': {
        body: { data: { user: home, accessToken: fakeJwt(inSeconds(900)), refreshToken: 'r' } },
      },
    });
    const user = userEvent.setup();
    renderPage(<ImpersonationBanner />, { markers: ['/consultant'] });
    expect(screen.getByRole('region', { name: 'Consultant mode' }).textContent).toContain(
      'You are working in Acme as a consultant.',
    );
    await user.click(screen.getByRole('button', { name: 'Return to Coach & Co' }));
    expect(await screen.findByText('at /consultant')).toBeTruthy();
    expect(stub.callsTo('POST /consultant/return')).toHaveLength(1);
    expect(useSession.getState().user).toMatchObject({ organizationId: HOME, isImpersonating: false });
    expect(sessionStorage.getItem('consultantHomeName')).toBeNull();
  });
});
