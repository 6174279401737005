import { LegalList, type LegalSectionData } from './legal-primitives';

/** Sections on what Keel is, who may use it and how: the first half of the Terms of Service. */
export const TERMS_SERVICE_SECTIONS: readonly LegalSectionData[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) govern your use of Keel, the web platform for planning and running an
          organization (the “Service”). “Keel”, “we” and “us” mean the company that operates the Service. “You” means
          the person using the Service and, where you use it for an organization, that organization as well.
        </p>
        <p>
          By creating an account, or by ticking the box that accepts these Terms, you agree to them. If you do not
          agree, do not use the Service. Our Privacy Policy explains how we handle personal data and forms part of these
          Terms.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    body: (
      <>
        <p>
          Keel helps leadership teams and departments plan and follow through on their work: quarterly priorities and
          milestones, a metrics scorecard, issues, to-dos, headlines, process documentation, meetings and their history,
          a long-term vision with annual goals, a two-page business plan, an organizational chart and a document
          repository. Its labels can follow the management methodology your organization uses, or terms you choose
          yourself.
        </p>
        <p>
          The Service is under active development. Some of the areas above are available today and others are being
          built; we describe what is available on our website and may add, change or remove features over time. We will
          not remove a paid feature you rely on without reasonable notice.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and accounts',
    body: (
      <>
        <p>
          You must be at least 13 years old to use the Service. If you use it on behalf of an organization, you confirm
          that you are authorised to accept these Terms for that organization.
        </p>
        <LegalList
          items={[
            'Give accurate information when you register and keep it up to date.',
            'Keep your password and any second authentication factor secret, and do not share your account.',
            'Tell us promptly if you suspect someone else has used your account.',
            'You are responsible for activity under your account unless it results from our failure to protect it.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'organizations',
    title: 'Organizations, administrators and consultants',
    body: (
      <>
        <p>
          Each account belongs to an organization. The organization’s administrators and owners can invite and remove
          users, decide who sees which teams and departments, change settings and terminology, and manage billing. If
          your account was created by an organization, that organization controls the content you add to its workspace.
        </p>
        <p>
          A consultant or coach may be given access to a client organization. The client decides whether to grant and
          when to end that access, and the consultant must treat the client’s content as confidential.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <LegalList
          items={[
            'break the law, or infringe anyone’s intellectual property, privacy or other rights;',
            'upload malware, or content that is unlawful, harassing or deceptive;',
            'try to access another organization’s data, or probe, scan or test the Service’s security without our written permission;',
            'overload the Service, bypass its rate limits, or scrape it other than through our published APIs;',
            'resell or sublicense the Service, or use it to build a competing product;',
            'use the Service to send unsolicited messages.',
          ]}
        />
        <p>
          We may remove content or restrict access that breaks this section, as described under Suspension and
          termination.
        </p>
      </>
    ),
  },
  {
    id: 'trial-subscriptions',
    title: 'Free trial, subscriptions and pricing',
    body: (
      <>
        <p>
          New organizations start with a 30-day free trial. No credit card is needed to start it, and nothing is charged
          unless an administrator chooses a paid plan. At the end of the trial, continued use requires a subscription;
          if none is started, access may be limited until one is.
        </p>
        <p>
          Subscriptions are billed in advance for each billing period at the price shown when you subscribe, plus any
          applicable taxes. Payments are handled by our payment processor; we do not store full card numbers.
        </p>
        <p>
          We may change our prices. We will give you at least 30 days’ notice before a price change applies to your
          subscription, and the new price takes effect from your next billing period after that notice. If you do not
          agree, you can cancel before it takes effect.
        </p>
        <p>
          You can cancel at any time. Cancellation takes effect at the end of the current billing period; fees already
          paid are not refunded except where the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data and export',
    body: (
      <>
        <p>
          You and your organization own the content you put into the Service: priorities, metrics, issues, to-dos,
          plans, documents and everything else (“Customer Data”). You give us only the permission we need to host, copy,
          process and display Customer Data in order to provide, secure and support the Service for you.
        </p>
        <p>
          You can export Customer Data at any time through the export features of the Service or by asking us at the
          contact address below. Company documents you connect from your own cloud drive stay in that drive. After an
          organization closes its account we delete its Customer Data as described in the Privacy Policy.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    body: (
      <p>
        You may choose to sign in with Google or Microsoft, or to connect a cloud drive such as Google Drive, OneDrive
        or SharePoint. Those services are governed by their own terms, and we are not responsible for them. We use them
        only as you direct and only as far as needed for the feature you turned on.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our intellectual property and trademarks',
    body: (
      <>
        <p>
          The Service, its software and its design belong to Keel and its licensors. These Terms give you the right to
          use the Service while your subscription or trial is active; they do not transfer any ownership to you. If you
          send us feedback, we may use it without obligation to you.
        </p>
        <p>
          Names of management methodologies and their terms that appear in the Service are trademarks or names of their
          respective owners. Keel is not affiliated with, endorsed by or sponsored by any methodology organization.
        </p>
      </>
    ),
  },
];
