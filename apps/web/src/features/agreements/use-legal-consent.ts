import { useRef, useState } from 'react';
import { LEGAL_REQUIRED_FOR_REGISTRATION, type LegalAcceptance } from '@keel/contract';
import { bothAccepted, buildLegalRecord } from './legal-acceptance';

/**
 * The legal agreement of a sign-up form: the record to send, `requireLegal()` (true once both boxes are
 * ticked, else shows the message) and the props of its <LegalAgreementBlock>, whose message clears once both are.
 */
export function useLegalConsent() {
  const [legal, setLegal] = useState<LegalAcceptance>(() =>
    buildLegalRecord({ termsAccepted: false, privacyAccepted: false }),
  );
  const [legalError, setLegalError] = useState<string | null>(null);
  const legalRef = useRef<HTMLFieldSetElement>(null);
  const requireLegal = () => {
    if (bothAccepted(legal)) return true;
    setLegalError(LEGAL_REQUIRED_FOR_REGISTRATION);
    return false;
  };
  const blockProps = {
    ref: legalRef,
    error: legalError,
    onChange: (record: LegalAcceptance) => {
      setLegal(record);
      if (bothAccepted(record)) setLegalError(null);
    },
  };
  return { legal, legalRef, requireLegal, blockProps };
}
