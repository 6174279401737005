import {
  ORG_CHART_SEATS_MAX,
  type CreateOrgChartSeatRequest,
  type MoveOrgChartSeatRequest,
  type OrgChart,
  type OrgChartDraft,
  type OrgChartSeat,
  type SeatHolderInput,
  type UpdateOrgChartSeatRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { staleVersion } from '../../http/errors.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asReader, asWriter, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import * as errors from './org-chart.errors.js';
import {
  childrenOf,
  differs,
  holdersBySeat,
  holderValueOf,
  isSameOrBelow,
  storableText,
  toPublication,
  toPublishedSeat,
  toSeat,
} from './org-chart.mapping.js';
import { mayEditChart, requireChartEditor } from './org-chart.policy.js';
import { orgChartPdfUseCase } from './org-chart.pdf.js';
import { orgChartPublicationUseCases } from './org-chart.publication.js';
import * as repository from './org-chart.repository.js';

export interface OrgChartServiceDeps {
  db: Database;
  changes: ChangeBus;
}

/** The whole draft in two queries (seats, then every holder with their name), whatever its size. */
export async function readDraftSeats(organizationId: string): Promise<OrgChartSeat[]> {
  const [seats, holders] = await Promise.all([
    repository.listSeats(organizationId),
    repository.listHolders(organizationId),
  ]);
  const bySeat = holdersBySeat(holders);
  return seats.map((seat) => toSeat(seat, bySeat));
}

async function readSeat(organizationId: string, id: string): Promise<OrgChartSeat> {
  const row = await repository.findSeat(organizationId, id);
  if (!row) throw errors.seatNotFound();
  return toSeat(row, holdersBySeat(await repository.listHolders(organizationId, [id])));
}

async function requireTeam(organizationId: string, teamId: string | null | undefined) {
  if (!teamId) return;
  const [team] = await repository.findActiveTeams(organizationId, [teamId]);
  if (!team) throw errors.teamNotFound();
}

async function requireHolders(organizationId: string, holders: readonly SeatHolderInput[] | undefined) {
  const userIds = (holders ?? []).flatMap((holder) => ('userId' in holder ? [holder.userId] : []));
  if (userIds.length === 0) return;
  const members = await repository.findActiveMemberIds(organizationId, userIds);
  if (userIds.some((id) => !members.has(id))) throw errors.holderNotMember();
}

async function requireParent(organizationId: string, parentId: string | null) {
  if (parentId && !(await repository.findSeat(organizationId, parentId))) throw errors.parentNotFound();
}

/** A leader's change: proven member, not an observer, an editor of the chart, the chart locked for the rest. */
function asEditor<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return asWriter(db, caller, async (member) => {
    await requireChartEditor(member);
    await repository.lockChart(member.organizationId);
    return work(member);
  });
}

export function createOrgChartService(deps: OrgChartServiceDeps) {
  const { db, changes: bus } = deps;

  const audit = (member: MemberScope, meta: RequestMeta, action: string, targetId: string, summary = {}) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'org_chart_seat',
      targetId,
      summary,
      ...meta,
    });
  const announce = (caller: Caller, ids: string[], action: 'created' | 'updated' | 'deleted') =>
    publishChange(bus, caller, { teamId: null, entity: 'org_chart', ids, action });

  return {
    chart: (caller: Caller): Promise<OrgChart> =>
      asReader(db, caller, async (member) => {
        const [publication, canEdit] = await Promise.all([
          repository.latestPublication(member.organizationId),
          mayEditChart(member),
        ]);
        return { publication: publication ? toPublication(publication) : null, canEdit };
      }),

    draft: (caller: Caller): Promise<OrgChartDraft> =>
      asReader(db, caller, async (member) => {
        await requireChartEditor(member);
        const [seats, publication] = await Promise.all([
          readDraftSeats(member.organizationId),
          repository.latestPublication(member.organizationId),
        ]);
        return {
          seats,
          publishedVersion: publication?.version ?? null,
          differsFromPublished: differs(seats.map(toPublishedSeat), publication?.seats ?? []),
        };
      }),

    createSeat: async (caller: Caller, request: CreateOrgChartSeatRequest, meta: RequestMeta) => {
      const seat = await asEditor(db, caller, async (member) => {
        const { organizationId } = member;
        if ((await repository.countSeats(organizationId)) >= ORG_CHART_SEATS_MAX) throw errors.chartFull();
        await requireParent(organizationId, request.parentId);
        await requireTeam(organizationId, request.teamId);
        await requireHolders(organizationId, request.holders);
        const [created] = await repository.insertSeats(organizationId, [
          {
            parentId: request.parentId,
            title: storableText(request.title),
            roles: (request.roles ?? []).map(storableText),
            teamId: request.teamId ?? null,
            position: await repository.nextPosition(organizationId, request.parentId),
          },
        ]);
        if (!created) throw new Error('seat insert returned nothing');
        await repository.replaceHolders(
          organizationId,
          new Map([[created.id, (request.holders ?? []).map(holderValueOf)]]),
        );
        await audit(member, meta, 'org_chart.seat_created', created.id, { parentId: request.parentId });
        return readSeat(organizationId, created.id);
      });
      announce(caller, [seat.id], 'created');
      return seat;
    },

    updateSeat: async (caller: Caller, id: string, request: UpdateOrgChartSeatRequest, meta: RequestMeta) => {
      const seat = await asEditor(db, caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, request.teamId);
        await requireHolders(organizationId, request.holders);
        const changes: repository.SeatChanges = {};
        if (request.title !== undefined) changes.title = storableText(request.title);
        if (request.roles !== undefined) changes.roles = request.roles.map(storableText);
        if (request.teamId !== undefined) changes.teamId = request.teamId;
        if (!(await repository.updateSeatAtVersion(organizationId, id, request.version, changes))) {
          if (await repository.findSeat(organizationId, id)) throw staleVersion('org_chart', 'seat');
          throw errors.seatNotFound();
        }
        if (request.holders !== undefined) {
          await repository.replaceHolders(organizationId, new Map([[id, request.holders.map(holderValueOf)]]));
        }
        const fields = [...Object.keys(changes), ...(request.holders === undefined ? [] : ['holders'])];
        await audit(member, meta, 'org_chart.seat_updated', id, { fields });
        return readSeat(organizationId, id);
      });
      announce(caller, [seat.id], 'updated');
      return seat;
    },

    /** Re-parents and re-orders a seat; a seat never reports to itself or to a seat below it. */
    moveSeat: async (caller: Caller, id: string, request: MoveOrgChartSeatRequest, meta: RequestMeta) => {
      if (request.parentId === id) throw errors.ownParent();
      const seat = await asEditor(db, caller, async (member) => {
        const { organizationId } = member;
        const seats = await repository.listSeats(organizationId);
        const current = seats.find((row) => row.id === id);
        if (!current) throw errors.seatNotFound();
        if (request.parentId && !seats.some((row) => row.id === request.parentId)) throw errors.parentNotFound();
        if (request.parentId && isSameOrBelow(seats, id, request.parentId)) throw errors.ownAncestor();
        if (!(await repository.updateSeatAtVersion(organizationId, id, request.version, {}))) {
          throw staleVersion('org_chart', 'seat');
        }
        if (current.parentId !== request.parentId) {
          await repository.placeSeats(organizationId, current.parentId, childrenOf(seats, current.parentId, id));
        }
        const siblings = childrenOf(seats, request.parentId, id);
        siblings.splice(Math.min(request.position, siblings.length), 0, id);
        await repository.placeSeats(organizationId, request.parentId, siblings);
        await audit(member, meta, 'org_chart.seat_moved', id, {
          fromParentId: current.parentId,
          toParentId: request.parentId,
        });
        return readSeat(organizationId, id);
      });
      announce(caller, [seat.id], 'updated');
      return seat;
    },

    /** Deletes a seat; the seats reporting to it take its place under its parent, in one transaction. */
    deleteSeat: async (caller: Caller, id: string, meta: RequestMeta): Promise<{ success: true }> => {
      await asEditor(db, caller, async (member) => {
        const { organizationId } = member;
        const seats = await repository.listSeats(organizationId);
        const seat = seats.find((row) => row.id === id);
        if (!seat) throw errors.seatNotFound();
        const siblings = childrenOf(seats, seat.parentId);
        const reports = childrenOf(seats, id);
        const at = siblings.indexOf(id);
        siblings.splice(at, 1, ...reports);
        await repository.placeSeats(organizationId, seat.parentId, siblings);
        await repository.deleteSeat(organizationId, id);
        await audit(member, meta, 'org_chart.seat_deleted', id, { title: seat.title, reportsMoved: reports.length });
      });
      announce(caller, [id], 'deleted');
      return { success: true };
    },

    ...orgChartPublicationUseCases({ db, asEditor, announce, readDraftSeats }),
    ...orgChartPdfUseCase(db),
  };
}

export type OrgChartService = ReturnType<typeof createOrgChartService>;
