import { LegalList, type LegalSectionData } from './legal-primitives';

/** What personal data Keel handles, why, and for how long: the first half of the Privacy Policy. */
export const PRIVACY_DATA_SECTIONS: readonly LegalSectionData[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    body: (
      <>
        <p>
          This policy explains how Keel handles personal data when you visit our website or use the Keel platform (the
          “Service”). For the content an organization puts into its workspace, the organization decides what is stored
          and why, and we process it on the organization’s behalf. For account, billing and website data, we decide how
          it is used and are responsible for it.
        </p>
        <p>We do not sell personal data, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <LegalList
        items={[
          <>
            <strong>Account details:</strong> your name, work e-mail address, organization name and a password, which we
            store only as a salted, one-way hash.
          </>,
          <>
            <strong>Sign-in with Google or Microsoft:</strong> if you choose it, your name, e-mail address and an
            account identifier from that provider.
          </>,
          <>
            <strong>Workspace content:</strong> what you and your colleagues enter, such as priorities, metrics, issues,
            to-dos, meeting notes, plans, organization settings, logos and documents.
          </>,
          <>
            <strong>Legal acceptance records:</strong> which version of these documents you accepted and when, with your
            browser’s user-agent string and the address the request came from.
          </>,
          <>
            <strong>Feedback:</strong> the subject and message you send us and the page you sent it from.
          </>,
          <>
            <strong>Billing:</strong> plan, billing contact and payment status. Card details go directly to our payment
            processor.
          </>,
          <>
            <strong>Technical data:</strong> IP address, browser and device type, and logs of requests and errors, which
            we need to run and secure the Service.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <>
        <LegalList
          items={[
            'To provide the Service you or your organization signed up for, including sign-in, collaboration, e-mails about meetings and invitations, and support (performance of our contract).',
            'To keep the Service secure: preventing abuse, enforcing rate limits, detecting and investigating incidents (our legitimate interest in a safe service).',
            'To fix errors and improve the product, using error reports and counts of which features are used (our legitimate interest, balanced against your privacy).',
            'To bill subscriptions and meet tax and accounting duties (contract and legal obligation).',
            'To keep a record that you accepted our Terms and this policy (legal obligation and legitimate interest).',
          ]}
        />
        <p>When we rely on your consent, you can withdraw it at any time without affecting earlier processing.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <LegalList
        items={[
          'Account and workspace data are kept while the organization’s account is active.',
          'When an organization closes its account, we keep its data only for a short grace period so it can be exported or restored, then delete it. Deleted data disappears from our backups as they expire on their normal rotation.',
          'Security and request logs are kept for a limited period, long enough to investigate incidents, and then deleted.',
          'Billing records and legal acceptance records are kept as long as tax, accounting or contract law requires.',
        ]}
      />
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We use carefully chosen service providers (sub-processors) to run the Service. They may process personal data
          only on our instructions and under written agreements that require them to protect it. They fall into these
          categories:
        </p>
        <LegalList
          items={[
            'cloud hosting, database and file storage providers;',
            'e-mail delivery providers;',
            'a payment processor;',
            'an error-reporting and performance-monitoring provider;',
            'Google and Microsoft, when you choose to sign in with them or connect their cloud drives.',
          ]}
        />
        <p>
          We can provide the current list of sub-processors on request. We may also disclose data when the law requires
          it, to protect people’s safety or our rights, or to a successor if our business is sold or merged, in which
          case this policy continues to apply.
        </p>
      </>
    ),
  },
];
