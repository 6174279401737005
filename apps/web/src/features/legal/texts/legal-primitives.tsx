import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../../../lib/product';

export type LegalHeadingLevel = 2 | 3;

export const LEGAL_VERSION_LABEL = 'Version 1.0';
export const LEGAL_EFFECTIVE_DATE = '2026-11-22';
export const LEGAL_EFFECTIVE_DATE_LABEL = '22 November 2026';
// The deployment's support mailbox (VITE_SUPPORT_EMAIL) also receives legal and privacy requests.
export const LEGAL_CONTACT_EMAIL = SUPPORT_EMAIL;

export interface LegalSectionData {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalTextProps {
  /** 2 on a standalone page under its h1; 3 inside a dialog whose title is already an h2. */
  headingLevel?: LegalHeadingLevel;
}

export function LegalDocument({
  sections,
  headingLevel,
}: {
  sections: readonly LegalSectionData[];
  headingLevel: LegalHeadingLevel;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-6 text-sm leading-relaxed text-slate-700 dark:text-slate-200">
      <p className="text-slate-600 dark:text-slate-300">
        Effective date: <time dateTime={LEGAL_EFFECTIVE_DATE}>{LEGAL_EFFECTIVE_DATE_LABEL}</time> ·{' '}
        {LEGAL_VERSION_LABEL}
      </p>
      {sections.map((section, index) => (
        <section key={section.id} className="space-y-3">
          <Heading className="text-base font-semibold text-slate-900 dark:text-white">
            {index + 1}. {section.title}
          </Heading>
          {section.body}
        </section>
      ))}
    </div>
  );
}

export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, index) => (
        // Items are static copy that never reorders, so the position is a stable key.
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export function ContactLine() {
  return (
    <a
      href={`mailto:${LEGAL_CONTACT_EMAIL}`}
      className="rounded-sm font-medium text-blue-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:text-blue-300 dark:focus-visible:outline-blue-300"
    >
      {LEGAL_CONTACT_EMAIL}
    </a>
  );
}
