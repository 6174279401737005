import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../http/errors.js';

export const teamNotFound = () => notFound('meeting.team_not_found', 'This team does not exist in your organization');
export const meetingNotFound = () => notFound('meeting.not_found', 'This meeting does not exist or was deleted');
export const meetingTypeNotFound = () =>
  notFound('meeting.type_not_found', 'This meeting type does not exist for this team');
export const staleMeetingType = () => staleVersion('meeting.type', 'agenda');
export const tooManyMeetingTypes = (max: number) =>
  badRequest('meeting.too_many_types', `A team has at most ${max} meeting types of its own`);

export const alreadyRunning = () =>
  conflict('meeting.already_running', "This team's meeting is already running: join it instead of starting another");
export const notRunning = () => conflict('meeting.not_running', 'This meeting is not running');
export const alreadyConcluded = () => conflict('meeting.already_concluded', 'This meeting has already ended');
export const notScheduled = () => conflict('meeting.not_scheduled', 'Only a scheduled meeting can be started');
export const notPaused = () => conflict('meeting.not_paused', 'This meeting is not paused');
export const alreadyPaused = () => conflict('meeting.already_paused', 'This meeting is already paused');
/** Someone moved or changed the meeting between the caller's read and their change. */
export const meetingMoved = () =>
  conflict('meeting.moved', 'The meeting moved on since your page last heard from it. Here is where it is now.');
/** Someone else saved the notes since the caller's page last read them. */
export const notesChanged = () =>
  conflict(
    'meeting.notes_changed',
    'Someone else saved the notes since your page last heard from them. Here is their version.',
  );
export const notesFrozen = () =>
  conflict(
    'meeting.notes_frozen',
    'This meeting has ended: its notes are kept as they were when it ended and can no longer be changed.',
  );

export const onlyFacilitator = () =>
  forbidden('meeting.facilitator_only', 'Only the facilitator, the scribe or an admin moves the meeting along');
export const notAMember = (path: string) =>
  badRequest('meeting.not_a_member', 'This person is not an active member of your organization', [
    { path, message: 'This person is not an active member of your organization' },
  ]);
export const invalidField = (path: string, message: string) =>
  badRequest('meeting.invalid', message, [{ path, message }]);
export const recapNotWritable = () =>
  conflict('meeting.not_concluded', 'This meeting has not ended yet: its recap is written once it is concluded');
