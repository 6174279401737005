import {
  MEETING_SCHEDULE_DAYS_MAX,
  type Meeting,
  type MeetingListQuery,
  type StartMeetingRequest,
} from '@keel/contract';
import { decodeCursor, pageFrom } from '../../http/pagination.js';
import type { Caller, MemberScope, RequestMeta } from '../organizations/index.js';
import { findMembership } from '../people/index.js';
import { meetingNotesUseCases } from './meeting-notes.service.js';
import { inviteAttendees, meetingScheduleUseCases } from './meeting-schedule.service.js';
import { meetingTypesUseCases, requireMeetingType } from './meeting-types.service.js';
import * as errors from './meetings.errors.js';
import { createMeetingsKit, type MeetingsServiceDeps } from './meetings.kit.js';
import { banked, isRunning, toListItem, toMeeting } from './meetings.mapping.js';
import { meetingPdfUseCases } from './meetings.pdf.js';
import { requireLead } from './meetings.policy.js';
import { queueRecapMails, recapOf } from './meetings.recap.js';
import * as repository from './meetings.repository.js';

export type { MeetingsServiceDeps } from './meetings.kit.js';

const DAY_MS = 86_400_000;

/** Starting, running and ending meetings; agendas come from the meeting types. */
export function createMeetingsService(deps: MeetingsServiceDeps) {
  const kit = createMeetingsKit(deps);
  const { now, asReader, asWriter, asAdmin, asAdminReader, publish, audit, requireTeam } = kit;

  const load = async (organizationId: string, id: string) => {
    const row = await repository.findMeeting(organizationId, id);
    if (!row) throw errors.meetingNotFound();
    return row;
  };

  const show = async (organizationId: string, row: repository.MeetingRow) =>
    toMeeting(row, await repository.attendeesOf(organizationId, [row.id]), now());

  const requirePerson = async (organizationId: string, userId: string | null | undefined, path: string) => {
    if (!userId) return;
    const membership = await findMembership(organizationId, userId);
    if (membership?.status !== 'active') throw errors.notAMember(path);
  };

  /**
   * One change of a running meeting, made against the version just read: a change that lands between
   * the read and the write (another facilitator's click) makes this one fail as "moved".
   */
  const change = async (
    caller: Caller,
    id: string,
    decide: (row: repository.MeetingRow, member: MemberScope, at: Date) => repository.MeetingChanges | null,
    after?: (member: MemberScope, row: repository.MeetingRow) => Promise<void>,
  ): Promise<Meeting> => {
    const result = await asWriter(caller, async (member) => {
      const row = await load(member.organizationId, id);
      const at = now();
      const changes = decide(row, member, at);
      if (changes) {
        const written = await repository.updateMeeting(member.organizationId, id, row.version, changes);
        if (written === 'running') throw errors.alreadyRunning();
        if (!written) throw errors.meetingMoved();
      }
      if (after) await after(member, row);
      return show(member.organizationId, await load(member.organizationId, id));
    });
    publish(caller, 'updated', result);
    return result;
  };

  /**
   * Ends a running meeting in the caller's transaction: banks the clock, freezes the recap into the
   * meeting, and queues the summary for those present and the catch-up for those who missed it (sent
   * after the commit, so a meeting that fails to end mails nobody).
   */
  const concludeMeeting = async (member: MemberScope, row: repository.MeetingRow) => {
    if (row.status === 'concluded') throw errors.alreadyConcluded();
    if (row.status === 'scheduled') throw errors.notRunning();
    const at = now();
    const sections = banked(row, at);
    const attendees = await repository.attendeesOf(member.organizationId, [row.id]);
    const recap = await recapOf(
      member.organizationId,
      { teamId: row.teamId, startedAt: row.startedAt ?? row.createdAt, endedAt: at, sections, notes: row.notes },
      attendees,
    );
    const written = await repository.updateMeeting(member.organizationId, row.id, row.version, {
      status: 'concluded',
      endedAt: at,
      sections,
      sectionStartedAt: null,
      recap,
    });
    if (written !== true) throw errors.meetingMoved();
    // With the model on, the job drafts the recap in words first and then sends the mails opening with it.
    if (deps.jobs && deps.writtenRecaps && (await deps.writtenRecaps.wanted(member.organizationId))) {
      await deps.jobs.enqueue(
        'meetings.recap-draft',
        { organizationId: member.organizationId, meetingId: row.id },
        {
          organizationId: member.organizationId,
          description: `Recap of the ${row.teamName} ${row.name}, drafted by the assistant, then its summary mails`,
        },
      );
      return;
    }
    if (!deps.mailer) return;
    await queueRecapMails(
      deps.mailer,
      deps.appUrl,
      member.organizationId,
      { ...row, sections },
      attendees,
      recap,
      null,
    );
  };

  return {
    ...meetingTypesUseCases(kit),
    ...meetingPdfUseCases(kit),
    ...meetingScheduleUseCases(kit, deps.appUrl),
    ...meetingNotesUseCases(kit, show),

    start: async (caller: Caller, request: StartMeetingRequest, meta: RequestMeta): Promise<Meeting> => {
      const started = await asWriter(caller, async (member) => {
        const { organizationId, userId } = member;
        await requireTeam(organizationId, request.teamId);
        const type = await requireMeetingType(organizationId, request.teamId, request.typeKey);
        await requirePerson(organizationId, request.facilitatorId, 'facilitatorId');
        await requirePerson(organizationId, request.scribeId, 'scribeId');
        const at = now();
        const scheduledAt = request.scheduledAt ? new Date(request.scheduledAt) : null;
        if (scheduledAt && scheduledAt.getTime() > at.getTime() + MEETING_SCHEDULE_DAYS_MAX * DAY_MS) {
          throw errors.invalidField(
            'scheduledAt',
            `A meeting can be planned at most ${MEETING_SCHEDULE_DAYS_MAX} days ahead`,
          );
        }
        const startsNow = scheduledAt === null;
        const id = await repository.insertMeeting(organizationId, {
          teamId: request.teamId,
          typeKey: type.key,
          name: type.name,
          status: startsNow ? 'live' : 'scheduled',
          scheduledAt,
          startedAt: startsNow ? at : null,
          sectionStartedAt: startsNow ? at : null,
          facilitatorId: request.facilitatorId === undefined ? (startsNow ? userId : null) : request.facilitatorId,
          scribeId: request.scribeId ?? null,
          sections: type.sections
            .filter((section) => section.visible)
            .map(({ kind, title, minutes }) => ({ kind, title, minutes, spentSeconds: 0 })),
          createdById: userId,
        });
        if (!id) throw errors.alreadyRunning();
        const expected = await repository.teamMemberIds(organizationId, request.teamId);
        const invited = expected.includes(userId) || !startsNow ? expected : [...expected, userId];
        await repository.insertAttendees(
          organizationId,
          id,
          invited.map((person) => ({ userId: person, present: startsNow && person === userId })),
        );
        if (!startsNow) await inviteAttendees({ ...deps, now }, organizationId, await load(organizationId, id), type);
        await audit(
          member,
          startsNow ? 'meeting.started' : 'meeting.scheduled',
          meta,
          { type: 'meeting', id },
          {
            teamId: request.teamId,
            typeKey: type.key,
          },
        );
        return show(organizationId, await load(organizationId, id));
      });
      publish(caller, 'created', started);
      return started;
    },

    get: (caller: Caller, id: string): Promise<Meeting> =>
      asReader(caller, async ({ organizationId }) => show(organizationId, await load(organizationId, id))),

    /** The team's running meeting, or null: "join now" on the dashboard and the meetings page. */
    running: (caller: Caller, teamId: string): Promise<Meeting | null> =>
      asReader(caller, async ({ organizationId }) => {
        await requireTeam(organizationId, teamId);
        const row = await repository.findRunningMeeting(organizationId, teamId);
        return row ? show(organizationId, row) : null;
      }),

    list: (caller: Caller, query: MeetingListQuery) => {
      const after = decodeCursor(query.cursor, repository.meetingCursorShape);
      return asReader(caller, async ({ organizationId }) => {
        if (query.teamId) await requireTeam(organizationId, query.teamId);
        const rows = await repository.listMeetings(organizationId, query, after);
        const counts = await repository.attendeeTallies(
          organizationId,
          rows.slice(0, query.limit).map((row) => row.id),
        );
        const at = now();
        return pageFrom(
          rows,
          query.limit,
          (row) => toListItem(row, counts.get(row.id), at),
          (row) => [row.position, row.id],
        );
      });
    },

    /** Admins: every running meeting of the organization. */
    active: (caller: Caller) =>
      asAdminReader(caller, async ({ organizationId }) => {
        const rows = await repository.runningMeetings(organizationId);
        const counts = await repository.attendeeTallies(
          organizationId,
          rows.map((row) => row.id),
        );
        const at = now();
        return rows.map((row) => toListItem(row, counts.get(row.id), at));
      }),

    begin: (caller: Caller, id: string) =>
      change(
        caller,
        id,
        (row, member, at) => {
          if (row.status !== 'scheduled') throw isRunning(row) ? errors.alreadyRunning() : errors.notScheduled();
          return {
            status: 'live',
            startedAt: at,
            sectionStartedAt: at,
            currentSection: 0,
            facilitatorId: row.facilitatorId ?? member.userId,
          };
        },
        (member, row) => repository.setAttendance(member.organizationId, row.id, member.userId, true),
      ),

    navigate: (caller: Caller, id: string, move: { from: number; to: number }) =>
      change(caller, id, (row, member, at) => {
        if (!isRunning(row)) throw row.status === 'concluded' ? errors.alreadyConcluded() : errors.notRunning();
        requireLead(member, row);
        if (move.to >= row.sections.length) {
          throw errors.invalidField('to', `This meeting has ${row.sections.length} sections`);
        }
        if (move.from !== row.currentSection) throw errors.meetingMoved();
        if (move.to === row.currentSection) return null;
        return {
          sections: banked(row, at),
          currentSection: move.to,
          sectionStartedAt: row.status === 'live' ? at : null,
        };
      }),

    pause: (caller: Caller, id: string) =>
      change(caller, id, (row, member, at) => {
        if (!isRunning(row)) throw row.status === 'concluded' ? errors.alreadyConcluded() : errors.notRunning();
        requireLead(member, row);
        if (row.status === 'paused') throw errors.alreadyPaused();
        return { status: 'paused', sections: banked(row, at), sectionStartedAt: null };
      }),

    resume: (caller: Caller, id: string) =>
      change(caller, id, (row, member, at) => {
        if (!isRunning(row)) throw row.status === 'concluded' ? errors.alreadyConcluded() : errors.notRunning();
        requireLead(member, row);
        if (row.status !== 'paused') throw errors.notPaused();
        return { status: 'live', sectionStartedAt: at };
      }),

    conclude: async (caller: Caller, id: string, meta: RequestMeta): Promise<Meeting> => {
      const concluded = await asWriter(caller, async (member) => {
        const row = await load(member.organizationId, id);
        requireLead(member, row);
        await concludeMeeting(member, row);
        await audit(member, 'meeting.concluded', meta, { type: 'meeting', id }, { teamId: row.teamId });
        return show(member.organizationId, await load(member.organizationId, id));
      });
      publish(caller, 'updated', concluded);
      return concluded;
    },

    /** Admins end a meeting nobody concluded (everyone left it running). */
    end: async (caller: Caller, id: string, meta: RequestMeta): Promise<Meeting> => {
      const ended = await asAdmin(caller, async (member) => {
        const row = await load(member.organizationId, id);
        await concludeMeeting(member, row);
        await audit(member, 'meeting.ended_by_admin', meta, { type: 'meeting', id }, { teamId: row.teamId });
        return show(member.organizationId, await load(member.organizationId, id));
      });
      publish(caller, 'updated', ended);
      return ended;
    },

    rate: (caller: Caller, id: string, rating: { rating: number; comment?: string | undefined }) =>
      change(
        caller,
        id,
        (row) => {
          if (!isRunning(row)) throw row.status === 'concluded' ? errors.alreadyConcluded() : errors.notRunning();
          return null;
        },
        (member, row) =>
          repository.setRating(member.organizationId, row.id, member.userId, rating.rating, rating.comment ?? ''),
      ),

    attendance: (caller: Caller, id: string, request: { userId: string; present: boolean }) =>
      change(
        caller,
        id,
        (row) => {
          if (row.status === 'concluded') throw errors.alreadyConcluded();
          return null;
        },
        async (member, row) => {
          await requirePerson(member.organizationId, request.userId, 'userId');
          await repository.setAttendance(member.organizationId, row.id, request.userId, request.present);
        },
      ),

    roles: (caller: Caller, id: string, request: { facilitatorId: string | null; scribeId: string | null }) =>
      change(
        caller,
        id,
        (row, member) => {
          if (row.status === 'concluded') throw errors.alreadyConcluded();
          requireLead(member, row);
          return { facilitatorId: request.facilitatorId, scribeId: request.scribeId };
        },
        async (member) => {
          await requirePerson(member.organizationId, request.facilitatorId, 'facilitatorId');
          await requirePerson(member.organizationId, request.scribeId, 'scribeId');
        },
      ),
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
