// Row writers shared by the seeds (lists-seed.mjs, members-seed.mjs): superuser connection, multi-row INSERTs.
import { randomUUID } from 'node:crypto';

/** Inserts rows (arrays in `columns` order) in chunks of multi-row VALUES (bind parameters stay < 65,535). */
export async function insertRows(client, table, columns, rows) {
  const perChunk = Math.floor(60_000 / columns.length);
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(',')})`;
    });
    await client.query(
      `insert into ${table} (${columns.map((c) => `"${c}"`).join(',')}) values ${tuples.join(',')}`,
      params,
    );
  }
}

/** Creates `count` new teams ("Bench team 1"…) in the organization, made by the owner; returns their ids and names. */
export async function insertBenchTeams(client, { organizationId, ownerId }, count) {
  const teams = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), name: `Bench team ${i + 1}` }));
  await insertRows(
    client,
    'teams',
    ['id', 'organization_id', 'name', 'created_by_id'],
    teams.map((team) => [team.id, organizationId, team.name, ownerId]),
  );
  return teams;
}

/**
 * Creates `count` users (bench.<runId>.member<i>@example.com, named by `nameOf(i)` as [first, last]) with the
 * owner's password hash; returns their ids.
 */
export async function insertBenchUsers(client, { runId, passwordHash, nameOf }, count) {
  const userIds = Array.from({ length: count }, () => randomUUID());
  await insertRows(
    client,
    'users',
    ['id', 'email', 'first_name', 'last_name', 'password_hash'],
    userIds.map((id, i) => [id, `bench.${runId}.member${i}@example.com`, ...nameOf(i), passwordHash]),
  );
  return userIds;
}

/** Tells this run's seeded e-mail addresses apart from an earlier run's. */
export const seedRunId = () => `${Date.now().toString(36)}${process.pid}`;

/** The owner's password hash, which every seeded user gets (any of them signs in with the owner's password). */
export async function ownerPasswordHash(client, ownerId) {
  const {
    rows: [owner],
  } = await client.query('select password_hash from users where id = $1', [ownerId]);
  return owner.password_hash;
}
