// Seeds one large organization for bench/lists-load.mjs straight into the throwaway PostgreSQL
// database (superuser connection, so row-level security does not apply). Multi-row INSERTs in one
// transaction: the whole seed takes seconds.
import { randomUUID } from 'node:crypto';
import { insertBenchTeams, insertBenchUsers, insertRows, ownerPasswordHash, seedRunId } from './seed-rows.mjs';

/** Deterministic pseudo-random numbers, so every run seeds the same shape. */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const isoDate = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const daysFromNow = (days) => isoDate(new Date(Date.now() + days * 86_400_000));

/** The fiscal year and quarter containing `date` for a year starting in January (a new organization's default). */
export function currentQuarter(date = new Date()) {
  return { year: date.getUTCFullYear(), quarter: Math.floor(date.getUTCMonth() / 3) + 1 };
}

function quarterEnd({ year, quarter }) {
  return isoDate(new Date(Date.UTC(year, quarter * 3, 0)));
}

function shiftQuarter({ year, quarter }, by) {
  const index = year * 4 + (quarter - 1) + by;
  return { year: Math.floor(index / 4), quarter: (index % 4) + 1 };
}

/**
 * Seeds, for the organization the owner registered:
 * - `members` people in all (the owner + members-1 new users, same password hash as the owner), each
 *   an active member, spread over `teamCount` teams (the leadership team + new ones);
 * - `todoCount` to-dos over the teams and their members; the "big" team has exactly `bigOpen` open
 *   to-dos (plus done ones), the "small" team exactly `smallOpen` open ones;
 * - with `withPriorities`: `priorityCount` priorities over teams and 8 quarters, the big team's current
 *   quarter holding exactly `bigPriorities`, the small team's `smallPriorities`, each of those with
 *   `milestonesEach` milestones; the others 0-5 milestones.
 * Returns the ids and figures the benchmark needs.
 */
export async function seedOrganization(client, options) {
  const {
    organizationId,
    ownerId,
    leadershipTeamId,
    members = 500,
    teamCount = 10,
    todoCount = 20_000,
    bigOpen = 200,
    bigDone = 300,
    smallOpen = 10,
    smallDone = 40,
    withPriorities = false,
    priorityCount = 2_000,
    bigPriorities = 50,
    smallPriorities = 10,
    milestonesEach = 4,
  } = options;
  const random = rng(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const runId = seedRunId();

  await client.query('begin');
  try {
    const passwordHash = await ownerPasswordHash(client, ownerId);

    // Teams: the leadership team the registration made, plus new ones. New team 0 is the "big" one.
    const newTeams = await insertBenchTeams(client, { organizationId, ownerId }, teamCount - 1);
    const teamIds = [leadershipTeamId, ...newTeams.map((team) => team.id)];
    const bigTeamId = newTeams[0].id;
    const smallTeamId = newTeams[1].id;

    // People: members-1 new users; memberships; every person in one new team, the first 12 also in leadership.
    const userIds = await insertBenchUsers(
      client,
      { runId, passwordHash, nameOf: (i) => [`Member${i}`, 'Bench'] },
      members - 1,
    );
    await insertRows(
      client,
      'memberships',
      ['organization_id', 'user_id', 'role'],
      userIds.map((id, i) => [organizationId, id, i % 50 === 0 ? 'admin' : 'member']),
    );
    const teamMembers = new Map(teamIds.map((id) => [id, [ownerId]]));
    const teamRows = [];
    userIds.forEach((id, i) => {
      const team = newTeams[i % newTeams.length].id;
      teamMembers.get(team).push(id);
      teamRows.push([organizationId, team, id]);
      if (i < 12) {
        teamMembers.get(leadershipTeamId).push(id);
        teamRows.push([organizationId, leadershipTeamId, id]);
      }
    });
    for (const team of newTeams) teamRows.push([organizationId, team.id, ownerId]);
    await insertRows(client, 'team_members', ['organization_id', 'team_id', 'user_id'], teamRows);

    // To-dos.
    const todoColumns = [
      'organization_id',
      'team_id',
      'owner_id',
      'title',
      'is_private',
      'due_date',
      'status',
      'done_at',
      'created_by_id',
    ];
    const todo = (teamId, n, status, isPrivate = false) => [
      organizationId,
      teamId,
      pick(teamMembers.get(teamId)),
      `Bench to-do ${n}: follow up with the supplier about the quarterly numbers`,
      isPrivate,
      daysFromNow(Math.floor(random() * 120) - 60),
      status,
      status === 'done' ? new Date(Date.now() - Math.floor(random() * 30) * 86_400_000) : null,
      ownerId,
    ];
    const todos = [];
    for (let i = 0; i < bigOpen; i += 1) todos.push(todo(bigTeamId, todos.length, 'open'));
    for (let i = 0; i < bigDone; i += 1) todos.push(todo(bigTeamId, todos.length, 'done'));
    for (let i = 0; i < smallOpen; i += 1) todos.push(todo(smallTeamId, todos.length, 'open'));
    for (let i = 0; i < smallDone; i += 1) todos.push(todo(smallTeamId, todos.length, 'done'));
    const otherTeams = teamIds.filter((id) => id !== bigTeamId && id !== smallTeamId);
    while (todos.length < todoCount) {
      todos.push(todo(pick(otherTeams), todos.length, random() < 0.55 ? 'open' : 'done', random() < 0.05));
    }
    await insertRows(client, 'todos', todoColumns, todos);

    // Priorities with milestones.
    let priorityTotal = 0;
    let milestoneTotal = 0;
    const current = currentQuarter();
    if (withPriorities) {
      const priorities = [];
      const milestoneRows = [];
      const priority = (teamId, quarter, milestoneCount) => {
        const id = randomUUID();
        const owner = pick(teamMembers.get(teamId));
        priorities.push([
          id,
          organizationId,
          teamId,
          owner,
          `Bench priority ${priorities.length}: launch the new onboarding programme`,
          'Make the first week of every new customer predictable.',
          quarter.year,
          quarter.quarter,
          quarterEnd(quarter),
          pick(['on_track', 'on_track', 'off_track', 'complete']),
          milestoneCount > 0 ? 'milestones' : 'status',
          ownerId,
        ]);
        for (let m = 0; m < milestoneCount; m += 1) {
          const done = random() < 0.4;
          milestoneRows.push([
            organizationId,
            id,
            pick(teamMembers.get(teamId)),
            `Milestone ${m + 1} of priority ${priorities.length}`,
            daysFromNow(Math.floor(random() * 90) - 30),
            done,
            done ? new Date() : null,
            m,
          ]);
        }
      };
      for (let i = 0; i < bigPriorities; i += 1) priority(bigTeamId, current, milestonesEach);
      for (let i = 0; i < smallPriorities; i += 1) priority(smallTeamId, current, milestonesEach);
      // The rest: any team, the 4 quarters before and the 3 after the current one (never the two measured team-quarters).
      const quarters = [-4, -3, -2, -1, 1, 2, 3].map((by) => shiftQuarter(current, by));
      while (priorities.length < priorityCount) {
        const teamId = pick(teamIds);
        const quarter = random() < 0.3 && teamId !== bigTeamId && teamId !== smallTeamId ? current : pick(quarters);
        priority(teamId, quarter, Math.floor(random() * 6));
      }
      await insertRows(
        client,
        'priorities',
        [
          'id',
          'organization_id',
          'team_id',
          'owner_id',
          'title',
          'description',
          'year',
          'quarter',
          'due_date',
          'status',
          'progress_type',
          'created_by_id',
        ],
        priorities,
      );
      await insertRows(
        client,
        'milestones',
        ['organization_id', 'priority_id', 'owner_id', 'title', 'due_date', 'done', 'done_at', 'position'],
        milestoneRows,
      );
      priorityTotal = priorities.length;
      milestoneTotal = milestoneRows.length;
    }
    await client.query('commit');
    await client.query('analyze');
    return {
      bigTeamId,
      smallTeamId,
      teamIds,
      members: userIds.length + 1,
      todos: todos.length,
      priorities: priorityTotal,
      milestones: milestoneTotal,
      quarter: current,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
