import { LEGAL_VERSION, type LegalAcceptance } from '@keel/contract';

export interface LegalChoices {
  termsAccepted: boolean;
  privacyAccepted: boolean;
}

/**
 * Spec section 4: only when both boxes are ticked is the full record (time, host, browser, version)
 * reported; otherwise the two flags go with empty metadata.
 */
export function buildLegalRecord(choices: LegalChoices, now: Date = new Date()): LegalAcceptance {
  if (choices.termsAccepted && choices.privacyAccepted) {
    return {
      termsAccepted: true,
      privacyAccepted: true,
      acceptedAt: now.toISOString(),
      ipAddress: window.location.hostname,
      userAgent: navigator.userAgent,
      version: LEGAL_VERSION,
    };
  }
  return { ...choices, acceptedAt: '', ipAddress: '', userAgent: '', version: '' };
}

export const bothAccepted = (record: LegalChoices) => record.termsAccepted && record.privacyAccepted;
