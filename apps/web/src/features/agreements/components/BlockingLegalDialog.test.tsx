import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { testQueryClient } from '../../../test-utils/render';
import { fetchAgreementsCheck } from '../agreements.api';
import { ACCEPT_EXCEPTION, ACCEPT_FAILED, BlockingLegalDialog } from './BlockingLegalDialog';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.setItem('accessToken', 'a'));

function renderDialog(onAccepted = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <BlockingLegalDialog onAccepted={onAccepted} />
    </QueryClientProvider>,
  );
  return onAccepted;
}

const tickBoth = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
  await user.click(screen.getByLabelText('I have read and agree to the Privacy Policy'));
};

describe('BlockingLegalDialog', () => {
  it('keeps the accept button disabled until both boxes are ticked', async () => {
    const user = userEvent.setup();
    renderDialog();
    const accept = screen.getByRole<HTMLButtonElement>('button', { name: 'Accept and continue' });
    expect(accept.disabled).toBe(true);
    await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
    expect(accept.disabled).toBe(true);
    await user.click(screen.getByLabelText('I have read and agree to the Privacy Policy'));
    expect(accept.disabled).toBe(false);
  });

  it('cannot be closed with Escape and has no close button', () => {
    renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('posts the acceptance record and hands over after success', async () => {
    const stub = stubFetch({ 'POST /auth/accept-agreements': { body: { data: { success: true } } } });
    const user = userEvent.setup();
    const onAccepted = renderDialog();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(stub.callsTo('POST /auth/accept-agreements')[0]?.body).toMatchObject({
      termsAccepted: true,
      privacyAccepted: true,
      version: '1.0',
      userAgent: navigator.userAgent,
      acceptedAt: expect.any(String) as unknown,
    });
  });

  it.each([
    [{ body: { data: { success: false } } }, ACCEPT_FAILED],
    [{ status: 500, body: { error: 'boom', code: 'x' } }, ACCEPT_EXCEPTION],
  ])('shows the spec message on failure', async (reply, message) => {
    stubFetch({ 'POST /auth/accept-agreements': reply });
    const user = userEvent.setup();
    const onAccepted = renderDialog();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onAccepted).not.toHaveBeenCalled();
  });
});

describe('fetchAgreementsCheck', () => {
  it('needs acceptance when the check fails (spec section 8)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'GET /auth/check-agreements': { status: 500 } });
    await expect(fetchAgreementsCheck()).resolves.toEqual({ success: false, needsAcceptance: true });
  });

  it("follows the server's answer", async () => {
    stubFetch({
      'GET /auth/check-agreements': {
        body: { data: { success: true, needsAcceptance: false, version: '1.0', acceptedAt: null } },
      },
    });
    await expect(fetchAgreementsCheck()).resolves.toEqual({ success: true, needsAcceptance: false });
  });
});
