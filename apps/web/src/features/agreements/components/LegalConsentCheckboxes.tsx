import { useState } from 'react';
import { Checkbox } from '../../../ui/Checkbox';
import type { LegalChoices } from '../legal-acceptance';
import { LEGAL_TITLES, LegalDocumentDialog, type LegalDocument } from './LegalDocumentDialog';

interface LegalConsentCheckboxesProps {
  choices: LegalChoices;
  onChange: (choices: LegalChoices) => void;
  disabled?: boolean;
}

const FIELD: Record<LegalDocument, keyof LegalChoices> = { terms: 'termsAccepted', privacy: 'privacyAccepted' };

/** The two consent boxes shared by registration and the signed-in blocking dialog. */
export function LegalConsentCheckboxes({ choices, onChange, disabled = false }: LegalConsentCheckboxesProps) {
  const [reading, setReading] = useState<LegalDocument | null>(null);

  const row = (document: LegalDocument) => (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Checkbox
        checked={choices[FIELD[document]]}
        disabled={disabled}
        onChange={(event) => onChange({ ...choices, [FIELD[document]]: event.target.checked })}
        label={`I have read and agree to the ${LEGAL_TITLES[document]}`}
      />
      <button
        type="button"
        onClick={() => setReading(document)}
        className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
      >
        Read the {LEGAL_TITLES[document]}
      </button>
    </div>
  );

  return (
    <div className="space-y-3">
      {row('terms')}
      {row('privacy')}
      <LegalDocumentDialog
        document={reading}
        onClose={() => setReading(null)}
        onAccept={(document) => onChange({ ...choices, [FIELD[document]]: true })}
      />
    </div>
  );
}
