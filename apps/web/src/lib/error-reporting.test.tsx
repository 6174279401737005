import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test-utils/fetch-stub';
import { makeUser } from '../test-utils/fixtures';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  setUser: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn(() => ({ name: 'Replay' })),
}));
vi.mock('@sentry/react', () => sentry);

const CONFIGURED = {
  dsn: 'https://publickey@errors.example/42',
  environment: 'production',
  release: null,
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
};

/** A fresh copy of the module: it keeps whether reporting started. */
const freshModule = async () => {
  vi.resetModules();
  return import('./error-reporting');
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.values(sentry).forEach((mock) => mock.mockClear());
});

describe('error reporting without a configured service', () => {
  it('never loads the SDK, and errors are only logged', async () => {
    const { callsTo } = stubFetch({ 'GET /client-config': { body: { data: { sentry: null } } } });
    const reporting = await freshModule();
    const loadSdk = vi.fn(() => import('./sentry-browser'));
    await expect(reporting.startErrorReporting({ loadSdk })).resolves.toBeNull();
    expect(callsTo('GET /client-config')).toHaveLength(1);

    reporting.reportError(new Error('boom'));
    await Promise.resolve();
    expect(loadSdk).not.toHaveBeenCalled();
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('[keel] unexpected error', expect.any(Error), {});
  });

  it('starts nothing when the server cannot be asked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reporting = await freshModule();
    const loadSdk = vi.fn(() => import('./sentry-browser'));
    const fetchSettings = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(reporting.startErrorReporting({ fetchSettings, loadSdk })).resolves.toBeNull();
    expect(loadSdk).not.toHaveBeenCalled();
  });
});

describe('error reporting with a configured service', () => {
  it('initialises the SDK with the spec sampling, API-only trace headers and masked replays', async () => {
    stubFetch({ 'GET /client-config': { body: { data: { sentry: CONFIGURED } } } });
    const reporting = await freshModule();
    await expect(reporting.startErrorReporting()).resolves.not.toBeNull();

    expect(sentry.init).toHaveBeenCalledTimes(1);
    const options = sentry.init.mock.calls[0]![0] as {
      dsn: string;
      tracesSampleRate: number;
      replaysSessionSampleRate: number;
      replaysOnErrorSampleRate: number;
      tracePropagationTargets: RegExp[];
      integrations: (defaults: Array<{ name: string }>) => Array<{ name: string }>;
    };
    expect(options).toMatchObject({
      dsn: CONFIGURED.dsn,
      environment: 'production',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    const propagates = (url: string) => options.tracePropagationTargets.some((target) => target.test(url));
    expect(propagates(`${window.location.origin}/api/v1/todos`)).toBe(true);
    expect(propagates('/api/v1/todos')).toBe(true);
    expect(propagates('https://elsewhere.example/api/v1/todos')).toBe(false);
    expect(propagates(`${window.location.origin}/assets/index.js`)).toBe(false);
    const integrations = options.integrations([{ name: 'GlobalHandlers' }, { name: 'Dedupe' }]);
    expect(integrations.map((integration) => integration.name)).toEqual(['Dedupe', 'BrowserTracing', 'Replay']);
    expect(sentry.replayIntegration).toHaveBeenCalledWith({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });

  it('reports errors and names the signed-in user by id only', async () => {
    stubFetch({ 'GET /client-config': { body: { data: { sentry: CONFIGURED } } } });
    const reporting = await freshModule();
    const { useSession } = await import('./session-store');
    useSession.setState({ status: 'signedIn', user: makeUser({ id: 'user-1' }) });
    await reporting.startErrorReporting();
    expect(sentry.setUser).toHaveBeenLastCalledWith({ id: 'user-1' });

    const error = new Error('boom');
    reporting.reportError(error, { source: 'route' });
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledWith(error, { extra: { source: 'route' } }));
    useSession.setState({ status: 'signedOut', user: null });
    await vi.waitFor(() => expect(sentry.setUser).toHaveBeenLastCalledWith(null));
  });

  it('sends nothing when the settings are unusable', async () => {
    stubFetch({ 'GET /client-config': { body: { data: { sentry: { dsn: 'not a dsn' } } } } });
    const reporting = await freshModule();
    await expect(reporting.startErrorReporting()).resolves.toBeNull();
    expect(sentry.init).not.toHaveBeenCalled();
  });
});

describe('the error fallback page', () => {
  function renderFailingRoute(RouteErrorPage: () => React.JSX.Element) {
    const Thrower = () => {
      throw new Error('the page broke');
    };
    const router = createMemoryRouter([{ path: '/', element: <Thrower />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
  }

  it('reports the error through the service when it is loaded', async () => {
    stubFetch({ 'GET /client-config': { body: { data: { sentry: CONFIGURED } } } });
    const reporting = await freshModule();
    await reporting.startErrorReporting();
    const { RouteErrorPage } = await import('../app/ErrorPage');
    renderFailingRoute(RouteErrorPage);

    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    await vi.waitFor(() =>
      expect(sentry.captureException).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'the page broke' }),
        expect.anything(),
      ),
    );
  });

  it('still shows when no service is configured', async () => {
    stubFetch({ 'GET /client-config': { body: { data: { sentry: null } } } });
    const reporting = await freshModule();
    await reporting.startErrorReporting();
    const { RouteErrorPage } = await import('../app/ErrorPage');
    renderFailingRoute(RouteErrorPage);

    await screen.findByRole('button', { name: 'Refresh Page' });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    await Promise.resolve();
    expect(sentry.captureException).not.toHaveBeenCalled();
  });
});
