import type { AdminDepartment } from '@keel/contract';

/** An active department as the admin list answers it, for tests. */
export const department = (id: string, name: string, extra: Partial<AdminDepartment> = {}): AdminDepartment => ({
  id,
  name,
  description: null,
  color: null,
  parentTeamId: null,
  isLeadershipTeam: false,
  memberCount: 0,
  archivedAt: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
