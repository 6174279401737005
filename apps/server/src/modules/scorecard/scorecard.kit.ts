import { periodStartOf, todayIn, type ScorecardCalendar, type ScorecardFrequency } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { publishByTeam, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asReader as readAs,
  asWriter as writeAs,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { organizationCalendar } from '../people/index.js';
import { findActiveTeams } from '../teams/index.js';
import * as errors from './scorecard.errors.js';
import * as repository from './scorecard.repository.js';

export interface ScorecardServiceDeps {
  db: Database;
  changes: ChangeBus;
  /** The clock (tests move it); the current period is read from it in the organization's time zone. */
  now?: () => Date;
}

export interface CalendarToday extends ScorecardCalendar {
  today: string;
  currentPeriodStart(frequency: ScorecardFrequency): string;
}

/** Access, audit, change notices and the lookups the scorecard use cases share. */
export function createScorecardKit(deps: ScorecardServiceDeps) {
  const { db, changes } = deps;
  const now = deps.now ?? (() => new Date());

  const asWriter = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => writeAs(db, caller, work);
  const asReader = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => readAs(db, caller, work);

  /** After the commit: one 'scorecard' notice per team whose scorecard shows the changed rows. */
  const publish = (caller: Caller, action: ChangeEvent['action'], rows: readonly { id: string; teamId: string }[]) =>
    publishByTeam(
      changes,
      { organizationId: caller.organizationId, entity: 'scorecard', action, actorUserId: caller.userId },
      rows,
    );

  const audit = (member: MemberScope, action: string, meta: RequestMeta, targetId: string | undefined, summary = {}) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'measurable',
      ...(targetId ? { targetId } : {}),
      summary,
      ...meta,
    });

  /** The organization's week start, fiscal year and time zone, and today there. */
  const calendarOf = async (organizationId: string): Promise<CalendarToday> => {
    const calendar = await organizationCalendar(organizationId);
    const today = todayIn(calendar.timeZone, now());
    return {
      ...calendar,
      today,
      currentPeriodStart: (frequency) => periodStartOf(today, frequency, calendar),
    };
  };

  const requireTeam = async (organizationId: string, teamId: string) => {
    const [team] = await findActiveTeams(organizationId, [teamId]);
    if (!team) throw errors.teamNotFound();
    return team;
  };

  const requireMeasurable = async (organizationId: string, id: string) => {
    const [row] = await repository.findMeasurables(organizationId, [id]);
    if (!row) throw errors.measurableNotFound();
    return row;
  };

  /** The measurable as the API shows it, its roll-up parts included. */
  const load = async (organizationId: string, id: string) => {
    const row = await requireMeasurable(organizationId, id);
    const parts =
      row.kind === 'rollup' ? await repository.partIdsByRollup(organizationId, [id]) : new Map<string, string[]>();
    return repository.toMeasurable(row, parts.get(id) ?? []);
  };

  return { db, now, asWriter, asReader, publish, audit, calendarOf, requireTeam, requireMeasurable, load };
}
export type ScorecardKit = ReturnType<typeof createScorecardKit>;
