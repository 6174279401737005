// Seeds a 500-member organization for bench/members-list.mjs straight into the throwaway PostgreSQL
// database (superuser connection, so row-level security does not apply), in one transaction.
import { createHash, randomUUID } from 'node:crypto';
import { insertBenchTeams, insertBenchUsers, insertRows, ownerPasswordHash, seedRunId } from './seed-rows.mjs';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Linus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton'];

/**
 * `members` people in all (the owner + members-1 new ones), each in one of `teamCount` teams (some
 * also in leadership), each with `sessionsEach` refresh tokens (the list shows the last sign-in), and
 * `invitations` open invitations. Returns the figures the benchmark prints.
 */
export async function seedMembers(client, options) {
  const {
    organizationId,
    ownerId,
    leadershipTeamId,
    members = 500,
    teamCount = 10,
    sessionsEach = 3,
    invitations = 50,
  } = options;
  const runId = seedRunId();
  await client.query('begin');
  try {
    const passwordHash = await ownerPasswordHash(client, ownerId);
    const teams = await insertBenchTeams(client, { organizationId, ownerId }, teamCount - 1);
    const userIds = await insertBenchUsers(
      client,
      {
        runId,
        passwordHash,
        nameOf: (i) => [FIRST[i % FIRST.length], `${LAST[i % LAST.length]}${i}`],
      },
      members - 1,
    );
    await insertRows(
      client,
      'memberships',
      ['organization_id', 'user_id', 'role', 'status'],
      userIds.map((id, i) => [
        organizationId,
        id,
        i % 50 === 0 ? 'admin' : 'member',
        i % 40 === 0 ? 'deactivated' : 'active',
      ]),
    );
    const teamRows = [];
    userIds.forEach((id, i) => {
      teamRows.push([organizationId, teams[i % teams.length].id, id]);
      if (i < 12) teamRows.push([organizationId, leadershipTeamId, id]);
    });
    await insertRows(client, 'team_members', ['organization_id', 'team_id', 'user_id'], teamRows);
    const day = 86_400_000;
    const tokenRows = userIds.flatMap((id, i) =>
      Array.from({ length: sessionsEach }, (_, s) => [
        id,
        organizationId,
        randomUUID(),
        createHash('sha256').update(`${runId}-${i}-${s}`).digest('hex'),
        new Date(Date.now() + day),
        new Date(Date.now() - (i + s) * 3_600_000),
      ]),
    );
    await insertRows(
      client,
      'refresh_tokens',
      ['user_id', 'organization_id', 'family_id', 'token_hash', 'expires_at', 'created_at'],
      tokenRows,
    );
    await insertRows(
      client,
      'invitations',
      ['organization_id', 'email', 'role', 'token_hash', 'invited_by_id', 'expires_at'],
      Array.from({ length: invitations }, (_, i) => [
        organizationId,
        `bench.${runId}.invitee${i}@example.com`,
        'member',
        createHash('sha256').update(`${runId}-invitation-${i}`).digest('hex'),
        ownerId,
        new Date(Date.now() + 7 * day),
      ]),
    );
    await client.query('commit');
    return { members, teams: teamCount, refreshTokens: tokenRows.length, invitations };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
