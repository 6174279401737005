import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarFeed } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser, ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { CalendarFeedSection } from './CalendarFeedSection';

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => vi.unstubAllGlobals());

const path = `/organizations/${ORG_ID}/calendar-feed`;
const feed = (token: string, resetAt: string | null = null): CalendarFeed => ({
  url: `https://keel.example/api/v1/calendar/${token.padEnd(43, 'x')}.ics`,
  createdAt: '2026-11-20T10:00:00.000Z',
  resetAt,
});
const first = feed('first');
const second = feed('second', '2026-11-27T10:00:00.000Z');

async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

describe('CalendarFeedSection', () => {
  it('makes no address until asked, then shows it read-only with a Copy button that copies it', async () => {
    const stub = stubFetch({ [`GET ${path}`]: { body: { data: first } } });
    const user = userEvent.setup();
    renderPage(<CalendarFeedSection />);
    expect(screen.getByText(/Other calendars/)).toBeTruthy();
    expect(screen.getByText(/Subscribe from web/)).toBeTruthy();
    expect(stub.callsTo(`GET ${path}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show my calendar address' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Your calendar address');
    expect(field.value).toBe(first.url);
    expect(field.readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(first.url);
    expect(await seriousViolations()).toEqual([]);
  });

  it('resets the address only once confirmed, and shows the new one', async () => {
    const stub = stubFetch({
      [`GET ${path}`]: { body: { data: first } },
      [`POST ${path}/reset`]: { body: { data: second } },
    });
    const user = userEvent.setup();
    renderPage(<CalendarFeedSection />);
    await user.click(screen.getByRole('button', { name: 'Show my calendar address' }));
    await screen.findByLabelText('Your calendar address');

    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset your calendar address?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(`POST ${path}/reset`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Your calendar address').value).toBe(second.url),
    );
    expect(stub.callsTo(`POST ${path}/reset`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('turns the feed off and offers to show an address again', async () => {
    const stub = stubFetch({
      [`GET ${path}`]: { body: { data: first } },
      [`DELETE ${path}`]: { body: { data: { success: true } } },
    });
    const user = userEvent.setup();
    renderPage(<CalendarFeedSection />);
    await user.click(screen.getByRole('button', { name: 'Show my calendar address' }));
    await screen.findByLabelText('Your calendar address');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Show my calendar address' })).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();
    expect(stub.callsTo(`DELETE ${path}`)).toHaveLength(1);
    expect(stub.callsTo(`GET ${path}`)).toHaveLength(1);
  });

  it('says so when the address cannot be loaded, and tries again', async () => {
    stubFetch({
      [`GET ${path}`]: [
        { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'server.error' } },
        { body: { data: first } },
      ],
    });
    const user = userEvent.setup();
    renderPage(<CalendarFeedSection />);
    await user.click(screen.getByRole('button', { name: 'Show my calendar address' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Your calendar address')).value).toBe(first.url);
  });
});
