import { Cloud, Globe, KeyRound, Lock, ShieldCheck, Users, Webhook } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { container } from '../styles';

interface EnterpriseItem {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ITEMS: readonly EnterpriseItem[] = [
  {
    title: 'From 10 to 500+ users',
    text: 'Start with the leadership team and bring in every department as you grow.',
    Icon: Users,
  },
  {
    title: 'Single sign-on',
    text: 'Sign in with Google or Microsoft accounts your company already manages.',
    Icon: KeyRound,
  },
  {
    title: 'Two-factor authentication',
    text: 'A second factor protects every account that handles company plans.',
    Icon: Lock,
  },
  {
    title: 'White-label domains',
    text: 'Custom domains and branded portals for your company or your clients.',
    Icon: Globe,
  },
  {
    title: 'APIs, webhooks and export',
    text: 'REST APIs, webhooks and a full data export, so your data is never locked in.',
    Icon: Webhook,
  },
  {
    title: 'Your own cloud drive',
    text: 'Company documents stay in your Google Drive, OneDrive or SharePoint.',
    Icon: Cloud,
  },
];

/** `soc2Type2` is the operator's own statement (MARKETING_CONTENT_FILE): the claim shows only when they make it. */
export function EnterpriseSection({ soc2Type2 }: { soc2Type2: string | null }) {
  const items: readonly EnterpriseItem[] = soc2Type2
    ? [...ITEMS.slice(0, 3), { title: 'SOC 2 Type II', text: soc2Type2, Icon: ShieldCheck }, ...ITEMS.slice(3)]
    : ITEMS;
  return (
    <section aria-labelledby="enterprise-heading" className="bg-slate-900 py-16 text-white sm:py-20 dark:bg-slate-800">
      <div className={container}>
        <h2 id="enterprise-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Ready for larger organizations
        </h2>
        <p className="mt-3 max-w-2xl text-slate-200">
          The controls that IT and security teams ask for, without making the tool harder for everyone else.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map(({ title, text, Icon }) => (
            <li key={title} className="flex gap-3">
              <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-blue-300" />
              <div>
                <h3 className="font-semibold text-white">{title}</h3>
                <p className="mt-1 text-sm text-slate-200">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
