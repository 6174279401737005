import { ContactLine, LegalList, type LegalSectionData } from './legal-primitives';

/** Storage, security, rights and contact: the second half of the Privacy Policy. */
export const PRIVACY_RIGHTS_SECTIONS: readonly LegalSectionData[] = [
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We do not use advertising or cross-site tracking cookies. The app keeps a few items in your browser’s local
          storage because it cannot work without them:
        </p>
        <LegalList
          items={[
            'sign-in tokens (an access token and a refresh token) that keep you signed in;',
            'your current organization and the department you last selected;',
            'your light or dark theme choice and your organization’s theme colours;',
            'for the current browser session only, whether you dismissed the trial banner.',
          ]}
        />
        <p>Signing out removes the sign-in tokens and organization settings from the browser.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <>
        <p>
          Data travels over encrypted connections. Passwords are stored only as strong one-way hashes, sign-in sessions
          are short-lived, and you can turn on two-factor authentication. Each organization’s data is kept separate from
          every other organization’s, and our staff access it only when needed to support you or run the Service.
        </p>
        <p>
          If a personal data breach affects you, we will notify the affected organization and, where required, the
          competent authority without undue delay and in any case within 72 hours of becoming aware of it.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Our providers may process data in countries other than yours. When data leaves the European Economic Area, the
        United Kingdom or Switzerland, we rely on recognised safeguards such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <LegalList
          items={[
            'access the personal data we hold about you and receive a copy;',
            'correct data that is wrong;',
            'have your data deleted;',
            'receive your data in a portable, machine-readable format and move it elsewhere;',
            'object to or restrict certain processing;',
            'complain to your data protection authority.',
          ]}
        />
        <p>
          Many of these you can do yourself: edit your profile, export your data, or ask an administrator to remove your
          account. For content in an organization’s workspace, we will pass your request to that organization and help
          it respond. Otherwise, contact us at the address below and we will answer within the time the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The Service is for work use and is not directed at children. You must be at least 13 years old to use it. If we
        learn that we hold personal data of someone younger, we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update this policy when our practices change. Each version has a version number and an effective date.
        We will tell you in the Service or by e-mail before a material change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For privacy questions or to exercise your rights, write to <ContactLine />. Signed-in users can also reach us
        through the help button in the app.
      </p>
    ),
  },
];
