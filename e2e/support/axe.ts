import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.1 rules axe tags 'experimental', which a tag selection leaves out: enabled by id.
 * label-content-name-mismatch is WCAG 2.5.3 (Label in Name): an accessible name must contain the visible text.
 */
export const EXTRA_RULES = ['label-content-name-mismatch'];

/** The one axe set-up of the journeys: the WCAG 2.1 A and AA rule sets plus EXTRA_RULES. */
export const wcagAxe = (page: Page) =>
  // options() replaces every option, so it comes before withTags() (which adds runOnly).
  new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(WCAG_TAGS);

/**
 * Runs axe (wcagAxe) on the page and fails on any violation, whatever its impact: each is a WCAG 2.1 A or
 * AA failure. Prints each one with up to five of its elements.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await wcagAxe(page).analyze();
  const report = violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(violations, `${label}: axe violations (WCAG 2.1 A/AA)\n${report}`).toEqual([]);
}
