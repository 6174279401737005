import { screen, within } from '@testing-library/react';
import type { AnalyticsSummary } from '@keel/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { makeUser, ORG_ID } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render';
import { signedInForEachTest } from '../../../test-utils/team-stubs';
import { ProductInterestCard } from './ProductInterestCard';

const summaryRoute = `GET /organizations/${ORG_ID}/analytics/summary`;
const summary = (interest: [number, number], signUps: [number, number] = [1, 1]): AnalyticsSummary => ({
  events: [
    { name: 'signed_up', last30Days: signUps[0], last90Days: signUps[1] },
    { name: 'feature_interest', last30Days: interest[0], last90Days: interest[1] },
  ],
  features: [{ feature: 'framework_demo', last30Days: interest[0], last90Days: interest[1] }],
});

signedInForEachTest(() => makeUser({ role: 'owner' }));
afterEach(() => vi.restoreAllMocks());

const rowText = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ProductInterestCard', () => {
  it('shows while loading, then the counts over 30 and 90 days per event and per feature', async () => {
    stubFetch({ [summaryRoute]: { body: { data: summary([3, 1204]) } } });
    renderPage(<ProductInterestCard />);
    expect(screen.getByRole('status').textContent).toContain('Loading product interest');
    expect(await screen.findByRole('columnheader', { name: 'Last 30 days' })).toBeTruthy();
    expect(rowText('Sign-ups')).toEqual(['1', '1']);
    expect(rowText('Feature interest')).toEqual(['3', '1,204']);
    expect(rowText('Framework Switching Demo')).toEqual(['3', '1,204']);
    expect(screen.getByRole('region', { name: 'Product interest' })).toBeTruthy();
  });

  it('says so when nothing was recorded in the last 90 days', async () => {
    stubFetch({ [summaryRoute]: { body: { data: summary([0, 0], [0, 0]) } } });
    renderPage(<ProductInterestCard />);
    expect(await screen.findByText('Nothing was recorded in the last 90 days.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s reason when the counts cannot be loaded', async () => {
    stubFetch({
      [summaryRoute]: {
        status: 403,
        body: {
          error: 'Only the owner of the organization can see its product analytics',
          code: 'analytics.owner_required',
        },
      },
    });
    renderPage(<ProductInterestCard />);
    const banner = await screen.findByText(/Only the owner of the organization can see its product analytics/);
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
