import type { Meeting, MeetingNotesRequest, UpdateWrittenRecapRequest } from '@keel/contract';
import type { Caller, RequestMeta } from '../organizations/index.js';
import * as errors from './meetings.errors.js';
import type { MeetingsKit } from './meetings.kit.js';
import { requireLead } from './meetings.policy.js';
import * as repository from './meetings.repository.js';

/**
 * The notes of a running meeting, saved by whoever leads it. Each save names the notes version it was
 * written over: when two people type at once, the second save is refused and their page shows the other text.
 */
export function meetingNotesUseCases(
  kit: MeetingsKit,
  show: (organizationId: string, row: repository.MeetingRow) => Promise<Meeting>,
) {
  const load = async (organizationId: string, id: string) => {
    const row = await repository.findMeeting(organizationId, id);
    if (!row) throw errors.meetingNotFound();
    return row;
  };

  return {
    saveNotes: async (caller: Caller, id: string, request: MeetingNotesRequest): Promise<Meeting> => {
      const saved = await kit.asWriter(caller, async (member) => {
        const { organizationId } = member;
        const row = await load(organizationId, id);
        if (row.status === 'concluded') throw errors.notesFrozen();
        if (row.status === 'scheduled') throw errors.notRunning();
        requireLead(member, row);
        if (request.notesVersion === row.notesVersion && request.notes === row.notes) return show(organizationId, row);
        if (!(await repository.updateMeetingNotes(organizationId, id, request.notesVersion, request.notes))) {
          const now = await load(organizationId, id);
          throw now.status === 'concluded' ? errors.notesFrozen() : errors.notesChanged();
        }
        return show(organizationId, await load(organizationId, id));
      });
      kit.publish(caller, 'updated', saved);
      return saved;
    },

    /**
     * The facilitator (or scribe, or an admin) edits the recap in words of a concluded meeting, at the meeting's
     * version: it is no longer marked as drafted. Writing one where none was drafted is allowed too.
     */
    updateWrittenRecap: async (
      caller: Caller,
      id: string,
      request: UpdateWrittenRecapRequest,
      meta: RequestMeta,
    ): Promise<Meeting> => {
      const saved = await kit.asWriter(caller, async (member) => {
        const { organizationId } = member;
        const row = await load(organizationId, id);
        if (row.status !== 'concluded') throw errors.recapNotWritable();
        requireLead(member, row);
        const writtenRecap = { text: request.text, drafted: false };
        if (!(await repository.updateMeeting(organizationId, id, request.version, { writtenRecap }))) {
          throw errors.meetingMoved();
        }
        await kit.audit(member, 'meeting.recap_edited', meta, { type: 'meeting', id }, { teamId: row.teamId });
        return show(organizationId, await load(organizationId, id));
      });
      kit.publish(caller, 'updated', saved);
      return saved;
    },
  };
}
