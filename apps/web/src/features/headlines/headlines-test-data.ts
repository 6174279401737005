import type { Headline } from '@keel/contract';
import { makeUser } from '../../test-utils/fixtures';

const ME = makeUser().id;
/** The team the headlines belong to (the test organization's leadership team). */
export const LEAD = '44444444-4444-4444-8444-444444444444';

let counter = 0;

/** A new customer headline of the leadership team, owned by the signed-in test user; each call a new id and text. */
export function makeHeadline(overrides: Partial<Headline> = {}): Headline {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    teamId: LEAD,
    text: `Headline ${counter}`,
    details: null,
    type: 'customer',
    status: 'new',
    ownerId: ME,
    owner: { id: ME, name: 'Ada Lovelace' },
    aboutText: null,
    aboutUserId: null,
    aboutUser: null,
    archivedAt: null,
    version: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdById: ME,
    ...overrides,
  };
}
