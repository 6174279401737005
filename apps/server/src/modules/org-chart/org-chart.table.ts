import type { PublishedOrgChartSeat } from '@keel/contract';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  createdAt,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { organizationColumn, users } from '../people/people.table.js';
import { teams } from '../teams/teams.table.js';

/**
 * The organization's chart as leaders edit it (the draft). People read the latest publication
 * (`org_chart_publications`) while the draft changes.
 */
export const orgChartSeats = pgTable(
  'org_chart_seats',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    /** Null: a top seat. Deleting a seat moves its reports up (the service does it); the database never cascades. */
    parentId: uuid('parent_id').references((): AnyPgColumn => orgChartSeats.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The seat's roles and responsibilities, about five short lines. */
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Order among the seats with the same parent. */
    position: integer('position').notNull(),
    ...versionedTimestamps(),
  },
  (table) => [
    index('org_chart_seats_parent_idx').on(table.organizationId, table.parentId, table.position),
    tenantIsolationPolicy(),
  ],
);

/** Who sits in a seat: a member, or a named open seat ("Hiring: Head of Sales") with no one in it. */
export const orgChartSeatHolders = pgTable(
  'org_chart_seat_holders',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    seatId: uuid('seat_id')
      .notNull()
      .references(() => orgChartSeats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    placeholderName: text('placeholder_name'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('org_chart_seat_holders_seat_idx').on(table.seatId, table.position),
    index('org_chart_seat_holders_user_idx').on(table.organizationId, table.userId),
    tenantIsolationPolicy(),
  ],
);

/** Each publication freezes the whole chart; the newest is what everyone sees. */
export const orgChartPublications = pgTable(
  'org_chart_publications',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    version: integer('version').notNull(),
    seats: jsonb('seats').$type<PublishedOrgChartSeat[]>().notNull(),
    publishedById: uuid('published_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('org_chart_publications_version_idx').on(table.organizationId, table.version),
    tenantIsolationPolicy(),
  ],
);

/**
 * Who held which seat, and when, as published: a row opens when a publication puts a holder in a seat
 * and closes when a later one takes them out. The seat's title is kept, since a seat may be deleted.
 */
export const orgChartHolderHistory = pgTable(
  'org_chart_holder_history',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    seatId: uuid('seat_id').notNull(),
    seatTitle: text('seat_title').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    placeholderName: text('placeholder_name'),
    startedAt: timestampColumn('started_at').notNull(),
    endedAt: timestampColumn('ended_at'),
  },
  (table) => [
    index('org_chart_holder_history_seat_idx').on(table.organizationId, table.seatId, table.startedAt),
    index('org_chart_holder_history_user_idx').on(table.organizationId, table.userId, table.startedAt),
    tenantIsolationPolicy(),
  ],
);
