import type * as SentryBrowser from './sentry-browser';
import type { BrowserErrorReporter } from './sentry-browser';
import { useSession } from './session-store';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `sentry` part of the client config, unchecked (the SDK chunk checks it), or null. */
async function fetchReportingSettings(): Promise<unknown> {
  const response = await fetch('/api/v1/client-config', { headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  return isRecord(body) && isRecord(body.data) && isRecord(body.data.sentry) ? body.data.sentry : null;
}

export interface ErrorReportingLoaders {
  fetchSettings: () => Promise<unknown>;
  loadSdk: () => Promise<typeof SentryBrowser>;
}

/** Reports name the signed-in user by id only, and nobody once signed out. */
function followSignedInUser(reporter: BrowserErrorReporter) {
  let current: string | null | undefined;
  const follow = (userId: string | null) => {
    if (userId === current) return;
    current = userId;
    reporter.setUserId(userId);
  };
  const signedInId = (state: ReturnType<typeof useSession.getState>) =>
    state.status === 'signedIn' ? (state.user?.id ?? null) : null;
  follow(signedInId(useSession.getState()));
  useSession.subscribe((state) => follow(signedInId(state)));
}

/** Asks the server whether errors are reported, and loads the SDK only if they are. */
export async function startFromServerSettings(
  overrides: Partial<ErrorReportingLoaders> = {},
): Promise<BrowserErrorReporter | null> {
  const loaders: ErrorReportingLoaders = {
    fetchSettings: fetchReportingSettings,
    loadSdk: () => import('./sentry-browser'),
    ...overrides,
  };
  const settings = await loaders.fetchSettings();
  if (!settings) return null;
  const reporter = (await loaders.loadSdk()).startSentryBrowser(settings);
  if (reporter) followSignedInUser(reporter);
  return reporter;
}
