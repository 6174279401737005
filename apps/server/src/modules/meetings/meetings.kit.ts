import type { Database } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { publishByTeam, type ChangeBus, type ChangeEvent } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asAdmin as adminAs,
  asAdminReader as adminReadAs,
  asReader as readAs,
  asWriter as writeAs,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import { findActiveTeams } from '../teams/index.js';
import * as errors from './meetings.errors.js';

export interface MeetingsServiceDeps {
  db: Database;
  changes: ChangeBus;
  /** The clock (tests move it): meeting timers read it. */
  now?: () => Date;
  /** Sends the summary and catch-up mails of a concluded meeting; none without it. */
  mailer?: Mailer | undefined;
  /** The web app's address, for links in mails. */
  appUrl?: string | undefined;
}

/** Access, audit, change notices and the team check the meeting use cases share. */
export function createMeetingsKit(deps: MeetingsServiceDeps) {
  const { db, changes } = deps;
  const now = deps.now ?? (() => new Date());
  const asWriter = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => writeAs(db, caller, work);
  const asReader = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => readAs(db, caller, work);
  const asAdmin = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => adminAs(db, caller, work);
  const asAdminReader = <T>(caller: Caller, work: (member: MemberScope) => Promise<T>) => adminReadAs(db, caller, work);

  /** After the commit: a 'meeting' notice to the team, so every open page of the meeting refetches it. */
  const publish = (caller: Caller, action: ChangeEvent['action'], meeting: { id: string; teamId: string }) =>
    publishByTeam(
      changes,
      { organizationId: caller.organizationId, entity: 'meeting', action, actorUserId: caller.userId },
      [meeting],
    );

  const audit = (
    member: MemberScope,
    action: string,
    meta: RequestMeta,
    target: { type: 'meeting' | 'meeting_type'; id: string },
    summary = {},
  ) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: target.type,
      targetId: target.id,
      summary,
      ...meta,
    });

  const requireTeam = async (organizationId: string, teamId: string) => {
    const [team] = await findActiveTeams(organizationId, [teamId]);
    if (!team) throw errors.teamNotFound();
    return team;
  };

  return { db, now, asWriter, asReader, asAdmin, asAdminReader, publish, audit, requireTeam };
}
export type MeetingsKit = ReturnType<typeof createMeetingsKit>;
