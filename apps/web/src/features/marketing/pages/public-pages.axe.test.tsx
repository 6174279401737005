import axe from 'axe-core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('axe on public pages', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(pages)('%s page has no serious or critical violations', async (_name, Page) => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('the framework demo dialog has no serious or critical violations', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /See Framework Switching in Action/ }));
    // Only the dialog itself: axe cannot detect the open modal without layout, so it would misreport
    // the page that Radix correctly hides behind it.
    expect(await seriousViolations(screen.getByRole('dialog'))).toEqual([]);
  });
});
