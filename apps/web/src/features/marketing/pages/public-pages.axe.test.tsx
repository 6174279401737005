import axe from 'axe-core';
import { NO_MARKETING_CLAIMS } from '@keel/contract';
import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderPage } from '../../../test-utils/render';
import PrivacyPage from '../../legal/pages/PrivacyPage';
import TermsPage from '../../legal/pages/TermsPage';
import ComparisonPage from './ComparisonPage';
import DashboardComparisonPage from './DashboardComparisonPage';
import HomePage from './HomePage';
import ScorecardComparisonPage from './ScorecardComparisonPage';

// happy-dom has no layout or computed colours, so contrast is left to the browser (Playwright) checks.
const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

const seriousViolations = async (context: axe.ElementContext) => {
  const result = await axe.run(context, options);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 80)).join(' | ')}`);
};

const pages: [string, ComponentType][] = [
  ['home', HomePage],
  ['comparison', ComparisonPage],
  ['dashboard comparison', DashboardComparisonPage],
  ['scorecard comparison', ScorecardComparisonPage],
  ['terms', TermsPage],
  ['privacy', PrivacyPage],
];

const serveClaims = (claims: typeof NO_MARKETING_CLAIMS) =>
  stubFetch({ 'GET /marketing-content': { body: { data: claims } } });

describe('axe on public pages', () => {
  beforeEach(() => serveClaims(NO_MARKETING_CLAIMS));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each(pages)('%s page has no serious or critical violations', async (_name, Page) => {
    renderPage(<Page />);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('the home page with the operator’s claims has no serious or critical violations', async () => {
    serveClaims({
      testimonials: [{ quote: 'Our meeting has one source of truth.', role: 'Chief Executive Officer', rating: 4 }],
      soc2Type2: 'Audited against SOC 2 Type II in 2026.',
      aggregateRating: { ratingValue: 4.5, ratingCount: 12 },
      patentPending: 'Patent pending.',
    });
    renderPage(<HomePage />);
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('the framework demo dialog has no serious or critical violations', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    renderPage(<HomePage />);
    fireEvent.click(screen.getByRole('button', { name: /See Framework Switching in Action/ }));
    // Only the dialog itself: axe cannot detect the open modal without layout, so it would misreport
    // the page that Radix correctly hides behind it.
    expect(await seriousViolations(screen.getByRole('dialog'))).toEqual([]);
  });
});
