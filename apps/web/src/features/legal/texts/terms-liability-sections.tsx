import { ContactLine, LegalList, type LegalSectionData } from './legal-primitives';

/** Sections on security, liability, disputes and changes: the second half of the Terms of Service. */
export const TERMS_LIABILITY_SECTIONS: readonly LegalSectionData[] = [
  {
    id: 'security',
    title: 'Security and incidents',
    body: (
      <p>
        We protect Customer Data with technical and organizational measures appropriate to its sensitivity, described in
        the Privacy Policy. If we become aware of a breach of security that affects your organization’s personal data,
        we will notify the organization’s administrators without undue delay and in any case within 72 hours of becoming
        aware of it, and keep them informed as we learn more.
      </p>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and termination',
    body: (
      <>
        <p>
          You may stop using the Service and close your account at any time. We may suspend or end access if you
          seriously or repeatedly break these Terms, if payment is overdue after a reminder, or if we must do so to
          comply with the law or to protect the Service or other customers. Where it is reasonable, we will warn you
          first and give you a chance to fix the problem.
        </p>
        <p>
          When access ends, you keep the right to export Customer Data for the period described in the Privacy Policy.
          Sections that by their nature should survive, including ownership, limitation of liability and disputes,
          continue to apply.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        We work to keep the Service available and correct, but it is provided “as is” and “as available”. To the extent
        the law allows, we disclaim implied warranties of merchantability, fitness for a particular purpose and
        non-infringement. The Service supports your management decisions; it does not make them, and you remain
        responsible for the decisions you take.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>To the extent the law allows:</p>
        <LegalList
          items={[
            'neither party is liable for indirect, incidental, special or consequential losses, or for lost profits, revenue or goodwill;',
            'each party’s total liability arising out of or relating to these Terms is capped at the fees you paid to us for the Service in the 12 months before the event giving rise to the claim.',
          ]}
        />
        <p>
          These limits do not apply to your payment obligations, to liability that cannot be limited by law, or to fraud
          or wilful misconduct.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Governing law and disputes',
    body: (
      <>
        <p>
          These Terms are governed by the laws of the State of Delaware, United States, without regard to its
          conflict-of-laws rules. Before starting a formal dispute, please contact us so we can try to resolve it
          informally within 30 days.
        </p>
        <p>
          Any dispute that is not resolved informally will be settled by binding arbitration held in Delaware, on an
          individual basis, under the commercial arbitration rules of a recognised arbitration provider. Either party
          may instead bring an individual claim in a small-claims court, or ask a court for urgent relief to protect
          intellectual property or confidential information. Nothing in this section removes rights that the consumer
          protection law of your country of residence does not allow to be removed.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms. Each version carries a version number and an effective date. If a change materially
        affects your rights, we will tell you in the Service or by e-mail before it takes effect and ask you to accept
        the new version; if you do not accept it, you may close your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms can be sent to <ContactLine />. Signed-in users can also reach us through the help
        button in the app.
      </p>
    ),
  },
];
