import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TERMINOLOGY_DEFAULTS } from '@keel/contract';
import { useSession } from '../../lib/session-store';
import { stubFetch } from '../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { testQueryClient } from '../../test-utils/render';
import { useTerminology, withDefaults } from './terminology.api';

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

describe('withDefaults', () => {
  it('fills missing or blank labels from the defaults and ignores unknown keys', () => {
    const labels = withDefaults({ issues_label: 'Obstacles', todos_label: '  ', unknown: 'x' });
    expect(labels.issues_label).toBe('Obstacles');
    expect(labels.todos_label).toBe(TERMINOLOGY_DEFAULTS.todos_label);
    expect(labels).not.toHaveProperty('unknown');
  });
});

describe('useTerminology', () => {
  it("reads the organization's labels (the body is the labels object itself)", async () => {
    stubFetch({
      [`GET /terminology/organizations/${ORG_ID}`]: { body: { ...TERMINOLOGY_DEFAULTS, scorecard_label: 'KPIs' } },
    });
    const { result } = renderHook(() => useTerminology(), { wrapper });
    await waitFor(() => expect(result.current.scorecard_label).toBe('KPIs'));
  });

  it('falls back to the defaults when the fetch fails', async () => {
    const stub = stubFetch({ [`GET /terminology/organizations/${ORG_ID}`]: { status: 500 } });
    const { result } = renderHook(() => useTerminology(), { wrapper });
    await waitFor(() => expect(stub.calls.length).toBeGreaterThan(0));
    expect(result.current).toEqual(TERMINOLOGY_DEFAULTS);
  });
});
