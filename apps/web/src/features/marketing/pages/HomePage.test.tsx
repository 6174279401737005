import { NO_MARKETING_CLAIMS, TERMINOLOGY_PRESETS, type MarketingContent } from '@keel/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { renderPage } from '../../../test-utils/render';
import HomePage from './HomePage';

const OPERATOR_CLAIMS: MarketingContent = {
  testimonials: [
    { quote: 'One source of truth for our leadership meeting.', role: 'Chief Executive Officer', rating: 5 },
    { quote: 'Adoption took days.', role: 'Chief Operating Officer', name: 'Sam Lee', company: 'Acme', rating: 4 },
    { quote: 'Each client in its own terms.', role: 'Independent strategy consultant', rating: 5 },
  ],
  soc2Type2: 'Audited against SOC 2 Type II by an independent firm in 2026.',
  aggregateRating: { ratingValue: 4.8, ratingCount: 127 },
  patentPending: 'Patent pending.',
};

const serveClaims = (claims: MarketingContent) => stubFetch({ 'GET /marketing-content': { body: { data: claims } } });

const renderHome = () => renderPage(<HomePage />);

const structuredData = () =>
  JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as {
    '@type': string;
    name: string;
    offers: { name: string; price: string; priceCurrency: string }[];
    aggregateRating?: { ratingValue: string; ratingCount: number };
  };

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('HomePage', () => {
  beforeEach(() => serveClaims(NO_MARKETING_CLAIMS));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('has the landmarks, a single h1 and the spec’s links', () => {
    renderHome();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(hrefOf('Sign In')).toBe('/login');
    expect(hrefOf('Get Started')).toBe('/register');
    expect(hrefOf(/Start Executing/)).toBe('/register');
    expect(hrefOf('Start Free Trial')).toBe('/register');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(footer.textContent).toContain('not affiliated');
    expect(document.title).toContain('· Keel');
  });

  it('claims nothing the operator has not set: no testimonials, SOC 2, rating or patent notice', async () => {
    const { calls } = serveClaims(NO_MARKETING_CLAIMS);
    renderHome();
    await waitFor(() => expect(calls.some((call) => call.path === '/marketing-content')).toBe(true));
    expect(screen.getByText('From 10 to 500+ users')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'What customers say' })).toBeNull();
    expect(screen.queryByRole('img', { name: /out of 5 stars/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/SOC 2|patent/i);
    const data = structuredData();
    expect(data['@type']).toBe('SoftwareApplication');
    expect(data.name).toBe('Keel');
    expect(data.aggregateRating).toBeUndefined();
  });

  it('shows the operator’s testimonials, SOC 2 statement, rating and patent notice when set', async () => {
    serveClaims(OPERATOR_CLAIMS);
    renderHome();
    expect(await screen.findByRole('heading', { name: 'What customers say' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Sam Lee, Chief Operating Officer, Acme')).toBeTruthy();
    expect(screen.getByText('Chief Executive Officer')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'SOC 2 Type II' })).toBeTruthy();
    expect(screen.getByText(OPERATOR_CLAIMS.soc2Type2!)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Patent pending.');
    const data = structuredData();
    expect(data.aggregateRating).toMatchObject({ ratingValue: '4.8', ratingCount: 127 });
    expect(data.offers.map(({ name, price, priceCurrency }) => [name, price, priceCurrency])).toEqual([
      ['Starter', '149.00', 'USD'],
      ['Growth', '349.00', 'USD'],
    ]);
  });

  it('shows every methodology and the enterprise section', () => {
    renderHome();
    for (const preset of TERMINOLOGY_PRESETS) {
      expect(screen.getByRole('heading', { level: 3, name: preset.name })).toBeTruthy();
    }
    for (const category of ['Strategic planning', 'Execution', 'Performance', 'Meetings']) {
      expect(screen.getAllByRole('heading', { level: 3, name: category }).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('From 10 to 500+ users')).toBeTruthy();
    expect(document.body.textContent).toContain('30-day free trial');
  });

  it('opens the framework demo dialog, records the interest event once with Keel’s server and closes on Escape', () => {
    const server = stubFetch({
      'GET /marketing-content': { body: { data: NO_MARKETING_CLAIMS } },
      'POST /analytics/events': { status: 202, body: { data: { success: true } } },
    });
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: /See Framework Switching in Action/ }));

    const dialog = screen.getByRole('dialog', { name: 'Framework switching' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { pressed: false }).length).toBeGreaterThan(0);
    const interest = server.callsTo('POST /analytics/events');
    expect(interest.map((call) => call.body)).toEqual([{ name: 'feature_interest', feature: 'framework_demo' }]);
    // Nobody is signed in: the event goes without a token, and to this server only.
    expect(interest[0]?.headers.get('authorization')).toBeNull();
    expect(server.calls.map((call) => call.path)).toEqual(['/marketing-content', '/analytics/events']);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
