import { LegalDocument, type LegalTextProps } from './texts/legal-primitives';
import { PRIVACY_DATA_SECTIONS } from './texts/privacy-data-sections';
import { PRIVACY_RIGHTS_SECTIONS } from './texts/privacy-rights-sections';
import { TERMS_LIABILITY_SECTIONS } from './texts/terms-liability-sections';
import { TERMS_SERVICE_SECTIONS } from './texts/terms-service-sections';

export { LEGAL_EFFECTIVE_DATE, LEGAL_VERSION_LABEL, type LegalTextProps } from './texts/legal-primitives';

const TERMS_SECTIONS = [...TERMS_SERVICE_SECTIONS, ...TERMS_LIABILITY_SECTIONS];
const PRIVACY_SECTIONS = [...PRIVACY_DATA_SECTIONS, ...PRIVACY_RIGHTS_SECTIONS];

/** Body of the Terms of Service, shared by /terms, the registration legal block and the blocking dialog. */
export function TermsOfServiceText({ headingLevel = 2 }: LegalTextProps) {
  return <LegalDocument sections={TERMS_SECTIONS} headingLevel={headingLevel} />;
}

/** Body of the Privacy Policy, shared by /privacy, the registration legal block and the blocking dialog. */
export function PrivacyPolicyText({ headingLevel = 2 }: LegalTextProps) {
  return <LegalDocument sections={PRIVACY_SECTIONS} headingLevel={headingLevel} />;
}
