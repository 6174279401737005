import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyText, TermsOfServiceText } from './legal-texts';
import PrivacyPage from './pages/PrivacyPage';
import TermsPage from './pages/TermsPage';

const textOf = (element: React.ReactElement) => render(element).container.textContent ?? '';

describe('legal texts', () => {
  it('carry the spec’s five legal figures', () => {
    const both = `${textOf(<TermsOfServiceText />)} ${textOf(<PrivacyPolicyText />)}`;
    expect(both).toMatch(/at least 30 days[’']\s*notice before a price change/);
    expect(both).toMatch(/within 72 hours/);
    expect(both).toMatch(/fees you paid to us for the Service in the 12 months before/);
    expect(both).toMatch(/at least 13 years old/);
    expect(both).toMatch(/arbitration held in Delaware/);
  });

  it('show the version and effective date', () => {
    const terms = render(<TermsOfServiceText />).container;
    expect(terms.textContent).toContain('Version 1.0');
    expect(terms.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22');
  });

  it('cover the privacy topics the spec needs', () => {
    const privacy = textOf(<PrivacyPolicyText />);
    for (const topic of [
      'What we collect',
      'Why we use it',
      'How long we keep it',
      'sub-processors',
      'portable',
      'deleted',
      'local storage',
      'theme',
      'Security',
      'Contact',
    ]) {
      expect(privacy).toContain(topic);
    }
    const terms = textOf(<TermsOfServiceText />);
    for (const topic of ['Acceptable use', '30-day free trial', 'No credit card', 'export', 'Customer Data']) {
      expect(terms).toContain(topic);
    }
  });

  it('use the requested heading level so they nest under a dialog title', () => {
    const { container } = render(<TermsOfServiceText headingLevel={3} />);
    expect(container.querySelectorAll('h2')).toHaveLength(0);
    expect(container.querySelectorAll('h3').length).toBeGreaterThan(5);
  });
});

describe.each([
  ['Terms of Service', TermsPage],
  ['Privacy Policy', PrivacyPage],
])('%s page', (title, Page) => {
  it('has one h1, landmarks and a page title', () => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([title]);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.title).toBe(`${title} · Keel`);
  });
});
