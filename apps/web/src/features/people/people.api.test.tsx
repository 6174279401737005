import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OrganizationPerson } from '@keel/contract';
import { useSession } from '../../lib/session-store';
import { stubFetch } from '../../test-utils/fetch-stub';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { testQueryClient } from '../../test-utils/render';
import { peopleReply } from '../../test-utils/team-stubs';
import { useAssignablePeople, usePeople } from './people.api';

beforeEach(() => useSession.setState({ status: 'signedIn', user: makeUser() }));
afterEach(() => vi.unstubAllGlobals());

const ADA: OrganizationPerson = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  invited: false,
};
const KAY: OrganizationPerson = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'kay@example.com',
  email: 'kay@example.com',
  avatarUrl: null,
  invited: true,
};

describe('the people pickers', () => {
  it('offer invited people as owners of to-dos and priorities, marked, and keep them out of member pickers', async () => {
    const stub = stubFetch({ [`GET /organizations/${ORG_ID}/people`]: peopleReply([ADA, KAY]) });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ owners: useAssignablePeople(), members: usePeople() }), { wrapper });
    await waitFor(() => expect(result.current.owners.data).toBeDefined());
    expect(result.current.owners.data?.map((person) => person.name)).toEqual([
      'Ada Lovelace',
      'kay@example.com (invited)',
    ]);
    expect(result.current.members.data?.map((person) => person.name)).toEqual(['Ada Lovelace']);
    // One request serves both.
    expect(stub.calls.filter((call) => call.path.endsWith('/people'))).toHaveLength(1);
  });
});
