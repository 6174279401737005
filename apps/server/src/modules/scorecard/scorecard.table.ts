import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, timestampColumn, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn, personColumn, users } from '../people/people.table.js';
import { teamColumn } from '../teams/teams.table.js';

const GOAL_OPERATORS = ['>=', '>', '<=', '<', '=', 'between', 'not_between'] as const;
const BAND_KINDS = ['percent', 'absolute'] as const;

/** A goal as four nullable columns (operator null = no goal), reused by measurables, scores and period goals. */
const goalColumns = () => ({
  goalOperator: text('goal_operator', { enum: GOAL_OPERATORS }),
  goalValue: doublePrecision('goal_value'),
  goalValueMax: doublePrecision('goal_value_max'),
  bandKind: text('band_kind', { enum: BAND_KINDS }),
  bandAmount: doublePrecision('band_amount'),
});

export const measurableGroups = pgTable(
  'measurable_groups',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...versionedTimestamps(),
  },
  (table) => [index('measurable_groups_team_idx').on(table.organizationId, table.teamId), tenantIsolationPolicy()],
);

export const measurables = pgTable(
  'measurables',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    teamId: teamColumn(),
    groupId: uuid('group_id').references(() => measurableGroups.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerId: personColumn('owner_id'),
    dataEntryUserId: uuid('data_entry_user_id').references(() => users.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: ['weekly', 'monthly', 'quarterly'] }).notNull(),
    unit: text('unit', { enum: ['number', 'currency', 'percent', 'yes_no', 'time'] })
      .notNull()
      .default('number'),
    currencyCode: text('currency_code'),
    decimals: smallint('decimals').notNull().default(0),
    ...goalColumns(),
    kind: text('kind', { enum: ['manual', 'formula', 'rollup', 'todo_completion'] })
      .notNull()
      .default('manual'),
    /** Stored formula text, references as `{id}` (kind = formula). */
    formula: text('formula'),
    rollupAggregation: text('rollup_aggregation', { enum: ['sum', 'average'] }),
    todoCompletionScope: text('todo_completion_scope', { enum: ['owner', 'team'] }),
    aggregation: text('aggregation', { enum: ['sum', 'average', 'last'] })
      .notNull()
      .default('sum'),
    /** The first period that takes values. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    archivedAt: timestampColumn('archived_at'),
    createdById: uuid('created_by_id'),
    ...versionedTimestamps(),
  },
  (table) => [
    // The team's grid (the hot read): its measurables of one frequency in display order.
    index('measurables_team_frequency_idx').on(table.organizationId, table.teamId, table.frequency, table.position),
    // "My numbers" and the reminders: a person's measurables as owner or as data-entry person.
    index('measurables_owner_idx')
      .on(table.organizationId, table.ownerId)
      .where(sql`archived_at is null`),
    index('measurables_data_entry_idx')
      .on(table.organizationId, table.dataEntryUserId)
      .where(sql`archived_at is null and data_entry_user_id is not null`),
    tenantIsolationPolicy(),
  ],
);

/** A roll-up's parts: measurables of other teams of the same organization it sums or averages. */
export const measurableRollupParts = pgTable(
  'measurable_rollup_parts',
  {
    organizationId: organizationColumn(),
    rollupId: uuid('rollup_id')
      .notNull()
      .references(() => measurables.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => measurables.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('measurable_rollup_parts_pair_idx').on(table.rollupId, table.partId),
    // Which roll-ups a changed part recolours.
    index('measurable_rollup_parts_part_idx').on(table.organizationId, table.partId),
    tenantIsolationPolicy(),
  ],
);

/**
 * One cell. The goal columns are a snapshot of the goal in force when the value was entered, so a
 * later goal change never recolours it. `isOverride` marks a value typed over a computed one.
 */
export const measurableScores = pgTable(
  'measurable_scores',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    measurableId: uuid('measurable_id')
      .notNull()
      .references(() => measurables.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    value: doublePrecision('value'),
    note: text('note').notNull().default(''),
    ...goalColumns(),
    isOverride: boolean('is_override').notNull().default(false),
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestampColumn('entered_at'),
    ...versionedTimestamps(),
  },
  (table) => [
    // Upsert by measurable and period, and the grid's range read per measurable.
    uniqueIndex('measurable_scores_period_idx').on(table.organizationId, table.measurableId, table.periodStart),
    tenantIsolationPolicy(),
  ],
);

/** A goal set for one period (seasonality, or planned ahead); it wins over a cell's snapshot. */
export const measurablePeriodGoals = pgTable(
  'measurable_period_goals',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    measurableId: uuid('measurable_id')
      .notNull()
      .references(() => measurables.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    ...goalColumns(),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('measurable_period_goals_period_idx').on(table.organizationId, table.measurableId, table.periodStart),
    tenantIsolationPolicy(),
  ],
);

/** Per team: when owners are reminded of missing numbers, and the last period reminded (sent once per period). */
export const scorecardTeamSettings = pgTable(
  'scorecard_team_settings',
  {
    organizationId: organizationColumn(),
    teamId: teamColumn().primaryKey(),
    reminderEnabled: boolean('reminder_enabled').notNull().default(false),
    reminderWeekday: smallint('reminder_weekday').notNull().default(1),
    reminderTime: text('reminder_time').notNull().default('16:00'),
    lastRemindedPeriod: date('last_reminded_period', { mode: 'string' }),
    ...versionedTimestamps(),
  },
  () => [tenantIsolationPolicy()],
);
