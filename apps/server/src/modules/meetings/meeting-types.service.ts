import {
  CUSTOM_MEETING_TYPES_MAX,
  defaultAgendas,
  isBuiltInMeetingType,
  type AgendaSection,
  type MeetingType,
  type SaveMeetingTypeRequest,
} from '@keel/contract';
import type { Caller, RequestMeta } from '../organizations/index.js';
import { findOrganization } from '../people/index.js';
import { organizationLabels } from '../terminology/index.js';
import * as errors from './meetings.errors.js';
import type { MeetingsKit } from './meetings.kit.js';
import { clearMeetingTypeAgenda, scheduleOf } from './meeting-schedule.repository.js';
import * as repository from './meetings.repository.js';

/** A name as a page slug: "Monthly one-on-one" → "monthly-one-on-one". */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'meeting';

/**
 * A team's meeting types: the four built in (the methodology's default agenda in the organization's
 * words, or the team's own version of it) and the team's own types, in the order they were made.
 */
export async function meetingTypesOf(organizationId: string, teamId: string): Promise<MeetingType[]> {
  const [stored, organization, words] = await Promise.all([
    repository.storedMeetingTypes(organizationId, teamId),
    findOrganization(organizationId),
    organizationLabels(organizationId),
  ]);
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const builtIn = defaultAgendas(organization?.methodology ?? null, words).map((agenda): MeetingType => {
    const row = byKey.get(agenda.key);
    return row?.name && row.sections
      ? {
          key: row.key,
          teamId,
          name: row.name,
          builtIn: true,
          customized: true,
          sections: row.sections,
          schedule: scheduleOf(row),
          version: row.version,
        }
      : {
          key: agenda.key,
          teamId,
          name: agenda.name,
          builtIn: true,
          customized: false,
          sections: [...agenda.sections],
          schedule: row ? scheduleOf(row) : null,
          version: row?.version ?? 0,
        };
  });
  const own = stored
    .filter((row) => !isBuiltInMeetingType(row.key))
    .map((row): MeetingType => ({
      key: row.key,
      teamId,
      name: row.name ?? row.key,
      builtIn: false,
      customized: true,
      sections: row.sections ?? [],
      schedule: scheduleOf(row),
      version: row.version,
    }));
  return [...builtIn, ...own];
}

export async function requireMeetingType(organizationId: string, teamId: string, key: string) {
  const type = (await meetingTypesOf(organizationId, teamId)).find((candidate) => candidate.key === key);
  if (!type) throw errors.meetingTypeNotFound();
  return type;
}

const cleanSections = (sections: readonly AgendaSection[]): AgendaSection[] =>
  sections.map(({ kind, title, minutes, visible }) => ({ kind, title, minutes, visible }));

/** Reading and editing a team's agendas. */
export function meetingTypesUseCases(kit: MeetingsKit) {
  const { asReader, asWriter, audit, publish, requireTeam } = kit;

  return {
    listTypes: (caller: Caller, teamId: string): Promise<MeetingType[]> =>
      asReader(caller, async ({ organizationId }) => {
        await requireTeam(organizationId, teamId);
        return meetingTypesOf(organizationId, teamId);
      }),

    saveType: async (
      caller: Caller,
      teamId: string,
      key: string,
      request: SaveMeetingTypeRequest,
      meta: RequestMeta,
    ): Promise<MeetingType> => {
      const saved = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, teamId);
        const existing = await repository.findMeetingType(organizationId, teamId, key);
        const changes = { name: request.name, sections: cleanSections(request.sections) };
        let row: repository.MeetingTypeRow | undefined;
        if (existing) {
          row = await repository.updateMeetingType(organizationId, existing.id, request.version, changes);
        } else if (isBuiltInMeetingType(key)) {
          row =
            request.version === 0
              ? await repository.insertMeetingType(organizationId, { teamId, key, ...changes })
              : undefined;
        } else {
          throw errors.meetingTypeNotFound();
        }
        if (!row) throw errors.staleMeetingType();
        await audit(member, 'meeting.type_saved', meta, { type: 'meeting_type', id: row.id }, { teamId, key });
        return requireMeetingType(organizationId, teamId, key);
      });
      publish(caller, 'updated', { id: teamId, teamId });
      return saved;
    },

    createType: async (
      caller: Caller,
      teamId: string,
      request: Omit<SaveMeetingTypeRequest, 'version'>,
      meta: RequestMeta,
    ): Promise<MeetingType> => {
      const created = await asWriter(caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, teamId);
        const types = await meetingTypesOf(organizationId, teamId);
        if (types.filter((type) => !type.builtIn).length >= CUSTOM_MEETING_TYPES_MAX) {
          throw errors.tooManyMeetingTypes(CUSTOM_MEETING_TYPES_MAX);
        }
        const taken = new Set(types.map((type) => type.key));
        const base = slugOf(request.name);
        let key = base;
        for (let suffix = 2; taken.has(key); suffix += 1) key = `${base}-${suffix}`;
        const row = await repository.insertMeetingType(organizationId, {
          teamId,
          key,
          name: request.name,
          sections: cleanSections(request.sections),
        });
        if (!row) throw errors.staleMeetingType();
        await audit(member, 'meeting.type_created', meta, { type: 'meeting_type', id: row.id }, { teamId, key });
        return requireMeetingType(organizationId, teamId, key);
      });
      publish(caller, 'created', { id: teamId, teamId });
      return created;
    },

    /** A team's own type is deleted; a built-in one goes back to the methodology's default agenda. */
    deleteType: async (caller: Caller, teamId: string, key: string, meta: RequestMeta): Promise<void> => {
      await asWriter(caller, async (member) => {
        const { organizationId } = member;
        await requireTeam(organizationId, teamId);
        const existing = await repository.findMeetingType(organizationId, teamId, key);
        if (!existing) {
          if (isBuiltInMeetingType(key)) return;
          throw errors.meetingTypeNotFound();
        }
        if (isBuiltInMeetingType(key) && scheduleOf(existing)) {
          await clearMeetingTypeAgenda(organizationId, existing.id);
        } else {
          await repository.deleteMeetingType(organizationId, existing.id);
        }
        await audit(member, 'meeting.type_deleted', meta, { type: 'meeting_type', id: existing.id }, { teamId, key });
      });
      publish(caller, 'deleted', { id: teamId, teamId });
    },
  };
}
