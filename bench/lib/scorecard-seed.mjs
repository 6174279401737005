// Seeds a team's scorecard straight into a throwaway PostgreSQL database (superuser connection, so
// row-level security does not apply): shared by bench/scorecard-load.mjs and bench/data-export.mjs.
import { randomUUID } from 'node:crypto';
import { insertRows } from './seed-rows.mjs';

const pad = (n) => String(n).padStart(2, '0');
const isoDate = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The last `count` week starts (`weekStartDay` 0 = Sunday, as the organization's settings hold it), newest last. */
export function weekStarts(weekStartDay, count) {
  const today = new Date();
  const back = (today.getUTCDay() - weekStartDay + 7) % 7;
  const current = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back);
  return Array.from({ length: count }, (_, i) => isoDate(new Date(current - (count - 1 - i) * 7 * 86_400_000)));
}

/** Deterministic pseudo-random numbers, so every run seeds the same shape. */
export function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * One team's scorecard: 10 groups, `measurableCount` weekly measurables (goals, bands, every 40th a formula row)
 * and a number for ~95% of `weeks` of each manual one. Returns the measurables' ids and the cells written.
 */
export async function seedScorecardTeam(client, { organizationId, ownerId, teamId, measurableCount, weeks, random }) {
  const groups = Array.from({ length: 10 }, (_, i) => [randomUUID(), organizationId, teamId, `Group ${i + 1}`, i]);
  await insertRows(client, 'measurable_groups', ['id', 'organization_id', 'team_id', 'name', 'position'], groups);
  const ids = [];
  const rows = [];
  for (let i = 0; i < measurableCount; i += 1) {
    const id = randomUUID();
    ids.push(id);
    const group = groups[i % groups.length][0];
    const isFormula = i % 40 === 39;
    rows.push([
      id,
      organizationId,
      teamId,
      group,
      Math.floor(i / groups.length),
      `Bench measurable ${i + 1}: qualified sales calls`,
      ownerId,
      'weekly',
      i % 3 === 0 ? 'percent' : 'number',
      i % 5 === 0 ? '<=' : '>=',
      50,
      i % 2 === 0 ? 'percent' : null,
      i % 2 === 0 ? 10 : null,
      isFormula ? 'formula' : 'manual',
      isFormula ? `{${ids[i - 1]}} + {${ids[i - 2]}} / 2` : null,
      weeks[0],
    ]);
  }
  await insertRows(
    client,
    'measurables',
    [
      'id',
      'organization_id',
      'team_id',
      'group_id',
      'position',
      'title',
      'owner_id',
      'frequency',
      'unit',
      'goal_operator',
      'goal_value',
      'band_kind',
      'band_amount',
      'kind',
      'formula',
      'starts_on',
    ],
    rows,
  );
  const scores = [];
  const enteredAt = new Date();
  for (const [index, id] of ids.entries()) {
    if (index % 40 === 39) continue;
    for (const week of weeks) {
      if (random() < 0.05) continue;
      scores.push([organizationId, id, week, Math.round(random() * 100), '>=', 50, ownerId, enteredAt]);
    }
  }
  await insertRows(
    client,
    'measurable_scores',
    [
      'organization_id',
      'measurable_id',
      'period_start',
      'value',
      'goal_operator',
      'goal_value',
      'entered_by_id',
      'entered_at',
    ],
    scores,
  );
  return { ids, scores: scores.length };
}
