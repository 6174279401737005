import type { BrowserErrorReporting } from '@keel/contract';
import * as Sentry from '@sentry/react';

/** What the rest of the app needs of the error-reporting SDK once it is loaded. */
export interface BrowserErrorReporter {
  capture(error: unknown, context?: Record<string, unknown>): void;
  setUserId(userId: string | null): void;
}

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `a=1&b=2` -> `a=&b=`: query values may be personal (search words, e-mail addresses). */
function urlWithoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1).split('#')[0] ?? '';
  return `${url.slice(0, at)}?${query
    .split('&')
    .map((pair) => `${pair.split('=')[0] ?? ''}=`)
    .join('&')}`;
}

/** Of a person only the id leaves the browser; no cookie, no query value. */
export function scrubBrowserEvent<E extends Sentry.Event>(event: E): E {
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.request) {
    delete event.request.cookies;
    delete event.request.data;
    if (event.request.url) event.request.url = urlWithoutQueryValues(event.request.url);
    if (event.request.query_string) delete event.request.query_string;
  }
  for (const breadcrumb of event.breadcrumbs ?? []) {
    const data = breadcrumb.data;
    if (data && typeof data.url === 'string') data.url = urlWithoutQueryValues(data.url);
    if (data && typeof data.from === 'string') data.from = urlWithoutQueryValues(data.from);
    if (data && typeof data.to === 'string') data.to = urlWithoutQueryValues(data.to);
  }
  return event;
}

function isAddress(text: string): boolean {
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

const isRate = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

/**
 * The server's settings, checked by hand: the contract's zod schema would put zod's shared chunk
 * between this one and the sign-in page.
 */
function usableSettings(raw: unknown): BrowserErrorReporting | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const settings = raw as Record<string, unknown>;
  if (typeof settings.dsn !== 'string' || !isAddress(settings.dsn)) return null;
  if (typeof settings.environment !== 'string') return null;
  if (
    ![settings.tracesSampleRate, settings.replaysSessionSampleRate, settings.replaysOnErrorSampleRate].every(isRate)
  ) {
    return null;
  }
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: typeof settings.release === 'string' ? settings.release : null,
    tracesSampleRate: settings.tracesSampleRate as number,
    replaysSessionSampleRate: settings.replaysSessionSampleRate as number,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate as number,
  };
}

/**
 * Starts Sentry in the browser with the server's settings (spec: traces 10%, session replays 10%,
 * replays on error 100%). Trace headers go on this origin's API calls only; replays mask all text and
 * inputs and block media. Returns null when the settings are not usable.
 */
export function startSentryBrowser(rawSettings: unknown): BrowserErrorReporter | null {
  const settings = usableSettings(rawSettings);
  if (!settings) return null;
  const apiOnThisOrigin = new RegExp(`^${escapeForRegExp(window.location.origin)}/api/v1/`);
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    tracePropagationTargets: [apiOnThisOrigin, /^\/api\/v1\//],
    // The app's own listeners (installGlobalErrorLogging) report uncaught errors, once, through reportError.
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    dataCollection: { userInfo: false, cookies: false, urlQueryParams: false, httpBodies: [] },
    beforeSend: (event) => scrubBrowserEvent(event),
    beforeSendSpan: (span) => {
      const attributes = span.attributes as Record<string, unknown>;
      for (const key of ['url.full', 'http.url', 'url']) {
        if (typeof attributes[key] === 'string') attributes[key] = urlWithoutQueryValues(attributes[key]);
      }
      delete attributes['url.query'];
      delete attributes['http.query'];
      return span;
    },
  });
  return {
    capture(error, context) {
      Sentry.captureException(error, context ? { extra: context } : undefined);
    },
    setUserId(userId) {
      Sentry.setUser(userId ? { id: userId } : null);
    },
  };
}
