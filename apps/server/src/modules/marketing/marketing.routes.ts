import { envelope, marketingContentSchema, type MarketingContent } from '@keel/contract';
import type { TypedApp } from '../../http/types.js';

const tags = ['marketing'];

export function marketingRoutes(content: MarketingContent) {
  return async function register(app: TypedApp) {
    app.get(
      '/marketing-content',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            'The marketing claims this server’s operator makes (testimonials, SOC 2 Type II, aggregate rating, patent-pending notice), from MARKETING_CONTENT_FILE. Without that file every claim is empty.',
          response: { 200: envelope(marketingContentSchema) },
        },
      },
      async (_request, reply) => {
        // Read once at start, so a short shared cache is safe and spares the home page a round trip per visit.
        reply.header('cache-control', 'public, max-age=300');
        return { data: content };
      },
    );
  };
}
