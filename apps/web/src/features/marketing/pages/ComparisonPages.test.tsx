import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ComparisonPage from './ComparisonPage';
import DashboardComparisonPage from './DashboardComparisonPage';
import ScorecardComparisonPage from './ScorecardComparisonPage';

const pages: [string, ComponentType][] = [
  ['/comparison', ComparisonPage],
  ['/dashboard-comparison', DashboardComparisonPage],
  ['/scorecard-comparison', ScorecardComparisonPage],
];

describe.each(pages)('%s', (_path, Page) => {
  it('is a single-h1 page that compares against generic alternatives and states what is available', () => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Spreadsheets and slide decks');
    expect(text).toContain('Other business-operating-system tools');
    expect(text).toContain('Available now');
    expect(text).toContain('In progress');
    expect(text).toContain('Organization setup');
    for (const competitor of ['Ninety', 'Bloom Growth']) expect(text).not.toContain(competitor);
    expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/register');
  });
});
