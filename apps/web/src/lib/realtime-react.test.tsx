import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { FakeSocket } from '../test-utils/fake-socket';
import { makeUser, ORG_ID } from '../test-utils/fixtures';
import {
  departmentIdInPath,
  realtimeClient,
  setRealtimeSocketFactory,
  useRealtimeConnection,
  useRealtimeTeam,
} from './realtime-react';
import { queryClient } from './query-client';
import { useSession } from './session-store';

let sockets: FakeSocket[];
const TEAM = '33333333-3333-4333-8333-333333333333';

beforeEach(() => {
  sockets = [];
  setRealtimeSocketFactory((url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  });
  localStorage.setItem('accessToken', 'header.payload.signature');
  useSession.setState({ status: 'signedIn', user: makeUser() });
});
afterEach(() => {
  setRealtimeSocketFactory(null);
  queryClient.clear();
});

function Harness({ teamId }: { teamId: string | null }) {
  useRealtimeConnection();
  useRealtimeTeam(teamId);
  return null;
}

describe('realtime hooks', () => {
  it('connects while signed in, follows a team, invalidates changed queries, and closes on sign-out', async () => {
    queryClient.setQueryData(['organizations', ORG_ID, 'todo', 'list'], ['old']);
    const { rerender, unmount } = renderHook<void, { teamId: string | null }>(({ teamId }) => Harness({ teamId }), {
      initialProps: { teamId: TEAM },
    });
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/v1/realtime`);

    act(() => {
      socket.open();
      socket.receive({ type: 'ready', organizationId: ORG_ID, userId: 'u', expiresAt: 0 });
    });
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'header.payload.signature' },
      { type: 'subscribe', teamId: TEAM },
    ]);

    act(() => {
      socket.receive({
        type: 'changed',
        entity: 'todo',
        ids: ['x'],
        action: 'updated',
        teamId: TEAM,
        actorUserId: null,
      });
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(['organizations', ORG_ID, 'todo', 'list'])?.isInvalidated).toBe(true),
    );

    rerender({ teamId: null });
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', teamId: TEAM });

    act(() => useSession.setState({ status: 'signedOut', user: null }));
    expect(socket.closedWith).not.toBeNull();
    expect(realtimeClient().status).toBe('idle');
    unmount();
  });

  it('reads the department of /departments/:id addresses', () => {
    expect(departmentIdInPath(`/departments/${TEAM}/todos`)).toBe(TEAM);
    expect(departmentIdInPath(`/departments/${TEAM}`)).toBe(TEAM);
    expect(departmentIdInPath('/departments/not-an-id/todos')).toBeNull();
    expect(departmentIdInPath('/todos')).toBeNull();
  });
});
