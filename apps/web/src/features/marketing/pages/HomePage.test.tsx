import { TERMINOLOGY_PRESETS } from '@keel/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from './HomePage';

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('HomePage', () => {
  afterEach(() => vi.restoreAllMocks());

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
    expect(footer.textContent).toContain('Patent pending');
    expect(footer.textContent).toContain('not affiliated');
    expect(document.title).toContain('· Keel');
  });

  it('shows three five-star testimonials, every methodology and the enterprise claims', () => {
    renderHome();
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveLength(3);
    for (const preset of TERMINOLOGY_PRESETS) {
      expect(screen.getByRole('heading', { level: 3, name: preset.name })).toBeTruthy();
    }
    for (const category of ['Strategic planning', 'Execution', 'Performance', 'Meetings']) {
      expect(screen.getAllByRole('heading', { level: 3, name: category }).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('From 10 to 500+ users')).toBeTruthy();
    expect(document.body.textContent).toContain('30-day free trial');
  });

  it('opens the framework demo dialog, records the interest event once and closes on Escape', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: /See Framework Switching in Action/ }));

    const dialog = screen.getByRole('dialog', { name: 'Framework switching' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { pressed: false }).length).toBeGreaterThan(0);
    const interestCalls = debug.mock.calls.filter((call) => call.includes('Framework Switching Demo'));
    expect(interestCalls).toHaveLength(1);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
