import { NO_MARKETING_CLAIMS, TERMINOLOGY_DEFAULTS } from '@keel/contract';
import { ORG_ID } from './fixtures';

/** Answers for every call the signed-in frame makes, to be overridden per test. */
export function signedInFrameRoutes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /auth/check-agreements': {
      body: { data: { success: true, needsAcceptance: false, version: '1.0', acceptedAt: null } },
    },
    [`GET /terminology/organizations/${ORG_ID}`]: {
      body: { ...TERMINOLOGY_DEFAULTS, priorities_label: 'Big Goals', scorecard_label: 'Numbers' },
    },
    'GET /organizations/current': {
      body: {
        data: {
          id: ORG_ID,
          name: 'Analytical Engines',
          slug: 'analytical-engines',
          logo_url: null,
          logo_size: 100,
          theme_primary_color: '#1d4ed8',
          theme_secondary_color: '#3b82f6',
          theme_accent_color: '#60a5fa',
          timezone: 'Europe/London',
          week_start_day: 1,
          fiscal_year_start_month: 1,
          methodology: null,
          account_status: 'trialing',
          trial_ends_at: '2026-12-31T00:00:00.000Z',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      },
    },
    'GET /users/departments': { body: { data: { departments: [], is_leadership_member: false } } },
    'GET /subscription/status': {
      body: { data: { hasSubscription: false } },
      headers: {
        'x-trial-active': 'true',
        'x-trial-days-remaining': '12',
        'x-account-status': 'trialing',
        'x-subscription-tier': 'trial',
      },
    },
    'GET /marketing-content': { body: { data: NO_MARKETING_CLAIMS } },
    ...overrides,
  } as Record<string, { status?: number; body?: unknown; headers?: Record<string, string> }>;
}
