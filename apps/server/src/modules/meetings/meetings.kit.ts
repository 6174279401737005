import type { MeetingRecap } from '@keel/contract';
import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
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
  /** Queues the recap drafting of a concluded meeting, where the organization wants one. */
  jobs?: JobQueue | undefined;
  /** The assistant's model, drafting a concluded meeting's recap in words where an admin turned it on. */
  writtenRecaps?: WrittenRecapDrafter | undefined;
}

/** What meetings need of the priority assistant (wired in by the app): see its `createRecapDrafter`. */
export interface WrittenRecapDrafter {
  /** Inside the organization's scope: whether its concluded meetings' recaps are drafted by the model. */
  wanted(organizationId: string): Promise<boolean>;
  /** Outside any transaction: the recap in words, or null (model off, limit reached, model failed). */
  draft(
    organizationId: string,
    input: { meetingName: string; teamName: string; recap: MeetingRecap },
  ): Promise<string | null>;
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
