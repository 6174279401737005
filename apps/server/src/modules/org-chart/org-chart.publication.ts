import {
  suggestedOrgChartSeats,
  type OrgChartHolderHistoryEntry,
  type OrgChartPublication,
  type OrgChartSeat,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { recordAuditEvent } from '../audit/index.js';
import { asReader, type Caller, type MemberScope } from '../organizations/index.js';
import * as errors from './org-chart.errors.js';
import { toHistoryEntry, toPublication, toPublishedSeat } from './org-chart.mapping.js';
import * as repository from './org-chart.repository.js';

interface PublicationDeps {
  db: Database;
  asEditor: <T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>) => Promise<T>;
  announce: (caller: Caller, ids: string[], action: 'created' | 'updated' | 'deleted') => void;
  readDraftSeats: (organizationId: string) => Promise<OrgChartSeat[]>;
}

const holderKey = (seatId: string, holder: { userId: string | null; placeholderName: string | null }) =>
  holder.userId ? `${seatId} user ${holder.userId}` : `${seatId} open ${holder.placeholderName ?? ''}`;

/**
 * Opens a history row for each holder the new publication puts in a seat and closes the rows of those it
 * takes out; the rows still open are who sits where as of the previous publication.
 */
async function recordHolderChanges(organizationId: string, seats: readonly OrgChartSeat[], at: Date) {
  const open = await repository.openHolderHistory(organizationId);
  const openKeys = new Map(open.map((row) => [holderKey(row.seatId, row), row.id]));
  const published = seats.flatMap((seat) =>
    seat.holders.map((holder) => ({
      key: holderKey(seat.id, holder),
      seatId: seat.id,
      seatTitle: seat.title,
      userId: holder.userId,
      placeholderName: holder.userId ? null : holder.placeholderName,
    })),
  );
  const publishedKeys = new Set(published.map((row) => row.key));
  await repository.closeHolderHistory(
    organizationId,
    open.filter((row) => !publishedKeys.has(holderKey(row.seatId, row))).map((row) => row.id),
    at,
  );
  await repository.openHolderRows(
    organizationId,
    published.filter((row) => !openKeys.has(row.key)).map(({ key: _key, ...row }) => row),
    at,
  );
}

/** Draft and publication: publish, discard, suggested seats, holder history. */
export function orgChartPublicationUseCases({ db, asEditor, announce, readDraftSeats }: PublicationDeps) {
  return {
    publish: async (caller: Caller, meta: { ipAddress: string; userAgent: string }): Promise<OrgChartPublication> => {
      const publication = await asEditor(db, caller, async ({ organizationId, userId }) => {
        const seats = await readDraftSeats(organizationId);
        if (seats.length === 0) throw errors.emptyDraft();
        const previous = await repository.latestPublication(organizationId);
        const version = (previous?.version ?? 0) + 1;
        await repository.insertPublication(organizationId, {
          version,
          seats: seats.map(toPublishedSeat),
          publishedById: userId,
        });
        await recordHolderChanges(organizationId, seats, new Date());
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'org_chart.published',
          targetType: 'org_chart',
          summary: { version, seats: seats.length },
          ...meta,
        });
        const latest = await repository.latestPublication(organizationId);
        if (!latest) throw new Error('publication insert left nothing to read');
        return toPublication(latest);
      });
      announce(caller, [], 'updated');
      return publication;
    },

    /** The draft becomes the newest publication again; holders who have left and archived teams drop out. */
    discardDraft: async (caller: Caller, meta: { ipAddress: string; userAgent: string }) => {
      await asEditor(db, caller, async ({ organizationId, userId }) => {
        const publication = await repository.latestPublication(organizationId);
        if (!publication) throw errors.nothingPublished();
        const userIds = publication.seats.flatMap((seat) => seat.holders.flatMap((holder) => holder.userId ?? []));
        const teamIds = [...new Set(publication.seats.flatMap((seat) => seat.teamId ?? []))];
        const [members, teams] = await Promise.all([
          repository.findActiveMemberIds(organizationId, userIds),
          repository.findActiveTeams(organizationId, teamIds),
        ]);
        const liveTeams = new Set(teams.map((team) => team.id));
        await repository.deleteAllSeats(organizationId);
        await repository.insertSeats(
          organizationId,
          publication.seats.map((seat) => ({
            id: seat.id,
            parentId: seat.parentId,
            title: seat.title,
            roles: seat.roles,
            teamId: seat.teamId && liveTeams.has(seat.teamId) ? seat.teamId : null,
            position: seat.position,
          })),
        );
        await repository.replaceHolders(
          organizationId,
          new Map(
            publication.seats.map((seat) => [
              seat.id,
              seat.holders
                .filter((holder) => holder.userId === null || members.has(holder.userId))
                .map((holder) => ({
                  userId: holder.userId,
                  placeholderName: holder.userId ? null : holder.placeholderName,
                })),
            ]),
          ),
        );
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'org_chart.draft_discarded',
          targetType: 'org_chart',
          summary: { backToVersion: publication.version },
          ...meta,
        });
      });
      announce(caller, [], 'updated');
      return { success: true as const };
    },

    /** An empty chart starts with the seats its methodology suggests (neutral names unless EOS was chosen). */
    suggestSeats: async (caller: Caller, meta: { ipAddress: string; userAgent: string }) => {
      const ids = await asEditor(db, caller, async ({ organizationId, userId }) => {
        if ((await repository.countSeats(organizationId)) > 0) throw errors.chartNotEmpty();
        const organization = await repository.findOrganization(organizationId);
        const suggested = suggestedOrgChartSeats(organization?.methodology ?? null);
        const created: string[] = [];
        // Each seat names its parent by index, and parents come first: one insert per level of the tree.
        for (const [index, seat] of suggested.entries()) {
          const parentId = seat.parent === null ? null : (created[seat.parent] ?? null);
          const siblingsBefore = suggested.slice(0, index).filter((other) => other.parent === seat.parent).length;
          const [row] = await repository.insertSeats(organizationId, [
            { parentId, title: seat.title, roles: [...seat.roles], teamId: null, position: siblingsBefore },
          ]);
          if (!row) throw new Error('seat insert returned nothing');
          created.push(row.id);
        }
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'org_chart.seats_suggested',
          targetType: 'org_chart',
          summary: { seats: created.length, methodology: organization?.methodology ?? null },
          ...meta,
        });
        return created;
      });
      announce(caller, ids, 'created');
      return { success: true as const };
    },

    seatHistory: (caller: Caller, seatId: string): Promise<OrgChartHolderHistoryEntry[]> =>
      asReader(db, caller, async ({ organizationId }) => {
        const rows = await repository.holderHistory(organizationId, { seatId });
        if (rows.length === 0 && !(await repository.findSeat(organizationId, seatId))) throw errors.seatNotFound();
        return rows.map(toHistoryEntry);
      }),

    personHistory: (caller: Caller, userId: string): Promise<OrgChartHolderHistoryEntry[]> =>
      asReader(db, caller, async ({ organizationId }) => {
        const rows = await repository.holderHistory(organizationId, { userId });
        if (rows.length === 0 && !(await repository.findMember(organizationId, userId))) throw errors.personNotFound();
        return rows.map(toHistoryEntry);
      }),
  };
}
