import type { JobKind } from '@keel/contract';
import type { OwnerSql } from '../db/database.js';
import { JOB_SCHEMA } from './job-schema.js';

export interface JobCountsOfKind {
  kind: JobKind;
  /** Created and due, or not yet due. */
  waiting: number;
  /** Failed an attempt and waiting for the next. */
  retrying: number;
  running: number;
  /** Used up their attempts; pg-boss keeps them a day (archiveFailedAfterSeconds). */
  failed: number;
}

/**
 * One grouped count over pg-boss's live job table (completed jobs are archived after a while, so it
 * stays small), zeros included for kinds without jobs so that a graph shows 0 rather than a gap.
 */
export async function countJobsByKind(ownerSql: OwnerSql, kinds: JobKind[]): Promise<JobCountsOfKind[]> {
  const { rows } = await ownerSql.query(
    `select name, state::text as state, count(*)::int as jobs from ${JOB_SCHEMA}.job
      where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed')
      group by name, state`,
    [kinds],
  );
  const counts = new Map(kinds.map((kind) => [kind, { kind, waiting: 0, retrying: 0, running: 0, failed: 0 }]));
  const field = { created: 'waiting', retry: 'retrying', active: 'running', failed: 'failed' } as const;
  for (const row of rows) {
    const entry = counts.get(row.name as JobKind);
    const key = field[row.state as keyof typeof field];
    if (entry && key) entry[key] = Number(row.jobs);
  }
  return [...counts.values()];
}
