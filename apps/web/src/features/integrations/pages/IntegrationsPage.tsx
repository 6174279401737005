import { usePageMeta } from '../../../lib/page-meta';
import { Card } from '../../../ui/Card';
import { ChatNotificationsSection } from '../../chat-notifications/components/ChatNotificationsSection';
import { ApiKeysSection } from '../components/ApiKeysSection';
import { WebhooksSection } from '../components/WebhooksSection';

/** /organization-settings/integrations (admins): how other systems reach the organization's data. */
export default function IntegrationsPage() {
  usePageMeta({
    title: 'Integrations',
    description: 'API keys, webhooks and the other ways other systems work with your organization.',
    robots: 'noindex,nofollow',
  });
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl space-y-6 py-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Integrations
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Connect the other systems your organization uses to Keel.
        </p>
      </div>
      <Card>
        <ApiKeysSection />
      </Card>
      <Card>
        <WebhooksSection />
      </Card>
      <Card>
        <ChatNotificationsSection />
      </Card>
    </section>
  );
}
