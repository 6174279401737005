import {
  meetingListItemSchema,
  meetingPageSchema,
  meetingSchema,
  meetingTypeSchema,
  type AgendaSection,
  type Meeting,
  type MeetingListQuery,
  type StartMeetingRequest,
  type UpdateWrittenRecapRequest,
} from '@keel/contract';
import { z } from 'zod';
import { apiRequest, apiRequestWhole } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/**
 * Queries are keyed ['organizations', id, 'meeting', …]: the realtime client invalidates that prefix when
 * anyone changes a meeting of the team (moves it along, pauses it, rates it), so every open page follows.
 */
const ENTITY = 'meeting';
const MEETINGS = [ENTITY] as const;

const organizationPath = (organizationId: string, rest: string) =>
  `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const meetingPath = (organizationId: string, id: string, rest = '') =>
  organizationPath(organizationId, `/meetings/${encodeURIComponent(id)}${rest}`);
const typesPath = (organizationId: string, teamId: string, rest = '') =>
  organizationPath(organizationId, `/teams/${encodeURIComponent(teamId)}/meeting-types${rest}`);

export const useMeetingTypes = (teamId: string | null) =>
  useOrganizationQuery(
    ENTITY,
    ['types', teamId],
    (organizationId, { signal }) =>
      apiRequest(typesPath(organizationId, teamId ?? ''), { schema: z.array(meetingTypeSchema), signal }),
    { enabled: teamId !== null },
  );

/** The team's live or paused meeting, or null. */
export const useRunningMeeting = (teamId: string | null) =>
  useOrganizationQuery(
    ENTITY,
    ['running', teamId],
    (organizationId, { signal }) =>
      apiRequest(organizationPath(organizationId, `/teams/${encodeURIComponent(teamId ?? '')}/running-meeting`), {
        schema: meetingSchema.nullable(),
        signal,
      }),
    { enabled: teamId !== null },
  );

export const useMeeting = (id: string | null) =>
  useOrganizationQuery(
    ENTITY,
    ['one', id],
    (organizationId, { signal }) =>
      apiRequest(meetingPath(organizationId, id ?? ''), { schema: meetingSchema, signal }),
    { enabled: id !== null },
  );

/** One page of the history; `cursor` from the previous page's `page.nextCursor`. */
export const useMeetingHistory = (query: Partial<MeetingListQuery>) =>
  useOrganizationQuery(ENTITY, ['history', query], (organizationId, { signal }) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    return apiRequestWhole(organizationPath(organizationId, `/meetings?${search.toString()}`), {
      schema: meetingPageSchema,
      signal,
    });
  });

/** Admins: every running meeting of the organization. */
export const useActiveMeetings = () =>
  useOrganizationQuery(ENTITY, ['active'], (organizationId, { signal }) =>
    apiRequest(organizationPath(organizationId, '/meetings/active'), {
      schema: z.array(meetingListItemSchema),
      signal,
    }),
  );

export const useStartMeeting = () =>
  useOrganizationMutation(MEETINGS, (organizationId, request: StartMeetingRequest) =>
    apiRequest(organizationPath(organizationId, '/meetings'), { schema: meetingSchema, method: 'POST', body: request }),
  );

export type MeetingAction = 'start' | 'pause' | 'resume' | 'conclude' | 'end';

/** Start a scheduled meeting, pause, resume, conclude; `end` is the admins' way out of a stuck meeting. */
export const useMeetingAction = () =>
  useOrganizationMutation(MEETINGS, (organizationId, { id, action }: { id: string; action: MeetingAction }) =>
    apiRequest(meetingPath(organizationId, id, `/${action}`), { schema: meetingSchema, method: 'POST', body: {} }),
  );

/** Moves everyone to section `to`; `from` is the section the mover saw (a race answers 409 with the meeting). */
export const useNavigateMeeting = () =>
  useOrganizationMutation(MEETINGS, (organizationId, { id, from, to }: { id: string; from: number; to: number }) =>
    apiRequest(meetingPath(organizationId, id, '/navigate'), {
      schema: meetingSchema,
      method: 'POST',
      body: { from, to },
    }),
  );

/** Saves the notes over `notesVersion`; someone else's save since answers 409 `meeting.notes_changed`. */
export const useSaveMeetingNotes = () =>
  useOrganizationMutation(
    MEETINGS,
    (organizationId, { id, notes, notesVersion }: { id: string; notes: string; notesVersion: number }) =>
      apiRequest(meetingPath(organizationId, id, '/notes'), {
        schema: meetingSchema,
        method: 'PUT',
        body: { notes, notesVersion },
      }),
  );

export const useRateMeeting = () =>
  useOrganizationMutation(
    MEETINGS,
    (organizationId, { id, rating, comment }: { id: string; rating: number; comment?: string }) =>
      apiRequest(meetingPath(organizationId, id, '/rating'), {
        schema: meetingSchema,
        method: 'PUT',
        body: comment === undefined ? { rating } : { rating, comment },
      }),
  );

export const useMeetingAttendance = () =>
  useOrganizationMutation(
    MEETINGS,
    (organizationId, { id, userId, present }: { id: string; userId: string; present: boolean }) =>
      apiRequest(meetingPath(organizationId, id, '/attendance'), {
        schema: meetingSchema,
        method: 'PUT',
        body: { userId, present },
      }),
  );

export const useMeetingRoles = () =>
  useOrganizationMutation(
    MEETINGS,
    (
      organizationId,
      { id, facilitatorId, scribeId }: { id: string; facilitatorId: string | null; scribeId: string | null },
    ) =>
      apiRequest(meetingPath(organizationId, id, '/roles'), {
        schema: meetingSchema,
        method: 'PUT',
        body: { facilitatorId, scribeId },
      }),
  );

export interface AgendaDraft {
  name: string;
  sections: AgendaSection[];
}

export const useSaveMeetingType = () =>
  useOrganizationMutation(
    MEETINGS,
    (
      organizationId,
      { teamId, key, draft, version }: { teamId: string; key: string; draft: AgendaDraft; version: number },
    ) =>
      apiRequest(typesPath(organizationId, teamId, `/${encodeURIComponent(key)}`), {
        schema: meetingTypeSchema,
        method: 'PUT',
        body: { ...draft, version },
      }),
  );

export const useCreateMeetingType = () =>
  useOrganizationMutation(MEETINGS, (organizationId, { teamId, draft }: { teamId: string; draft: AgendaDraft }) =>
    apiRequest(typesPath(organizationId, teamId), { schema: meetingTypeSchema, method: 'POST', body: draft }),
  );

/** Deletes a team's own type; a built-in one goes back to the methodology's default agenda. */
export const useDeleteMeetingType = () =>
  useOrganizationMutation(MEETINGS, (organizationId, { teamId, key }: { teamId: string; key: string }) =>
    apiRequest(typesPath(organizationId, teamId, `/${encodeURIComponent(key)}`), { method: 'DELETE' }),
  );

/** The page of a meeting type for a team: `/meetings/{key}/{teamId}`. */
export const meetingPagePath = (typeKey: string, teamId: string) =>
  `/meetings/${encodeURIComponent(typeKey)}/${encodeURIComponent(teamId)}`;

export type { Meeting };

/** The facilitator's (or scribe's, or an admin's) words for the drafted recap: no longer marked as drafted. */
export const useUpdateWrittenRecap = () =>
  useOrganizationMutation(MEETINGS, (organizationId, { id, ...body }: UpdateWrittenRecapRequest & { id: string }) =>
    apiRequest(meetingPath(organizationId, id, '/written-recap'), { schema: meetingSchema, method: 'PATCH', body }),
  );
