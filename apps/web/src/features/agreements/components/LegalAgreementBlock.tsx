import { forwardRef, useState } from 'react';
import type { LegalAcceptance } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { buildLegalRecord, type LegalChoices } from '../legal-acceptance';
import { LegalConsentCheckboxes } from './LegalConsentCheckboxes';

interface LegalAgreementBlockProps {
  onChange: (record: LegalAcceptance) => void;
  /** Shown under the boxes, e.g. when submitting without both ticked. */
  error?: string | null;
}

/** The registration form's agreement block: two boxes, each document readable in a dialog. */
export const LegalAgreementBlock = forwardRef<HTMLFieldSetElement, LegalAgreementBlockProps>(
  function LegalAgreementBlock({ onChange, error }, ref) {
    const [choices, setChoices] = useState<LegalChoices>({ termsAccepted: false, privacyAccepted: false });

    const update = (next: LegalChoices) => {
      setChoices(next);
      onChange(buildLegalRecord(next));
    };

    return (
      <fieldset
        ref={ref}
        tabIndex={-1}
        aria-describedby={error ? 'legal-agreement-error' : undefined}
        className={cx(
          'rounded-md border p-4',
          error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Legal agreements</legend>
        <LegalConsentCheckboxes choices={choices} onChange={update} />
        {error ? (
          <p id="legal-agreement-error" role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  },
);
