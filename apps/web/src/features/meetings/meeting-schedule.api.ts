import { meetingTypeSchema, type MeetingSchedule } from '@keel/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiRequest, errorText } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationId } from '../../lib/session-store';
import { downloadApiFile } from '../../lib/file-download';

/** Meeting-type keys share the meetings' entity: a saved schedule refreshes every view of the team's types. */
const MEETINGS = ['meeting'] as const;

const organizationPath = (organizationId: string, rest: string) =>
  `/organizations/${encodeURIComponent(organizationId)}${rest}`;
const typePath = (teamId: string, key: string, rest: string) =>
  `/teams/${encodeURIComponent(teamId)}/meeting-types/${encodeURIComponent(key)}${rest}`;

export const meetingCalendarPath = (meetingId: string) => `/meetings/${encodeURIComponent(meetingId)}/calendar.ics`;
export const regularMeetingCalendarPath = (teamId: string, key: string) => typePath(teamId, key, '/calendar.ics');

/** Sets (or, with null, removes) the day, time and length a team meets for a type. */
export const useSaveMeetingSchedule = () =>
  useOrganizationMutation(
    MEETINGS,
    (
      organizationId,
      {
        teamId,
        key,
        schedule,
        version,
      }: { teamId: string; key: string; schedule: MeetingSchedule | null; version: number },
    ) =>
      apiRequest(organizationPath(organizationId, typePath(teamId, key, '/schedule')), {
        schema: meetingTypeSchema,
        method: 'PUT',
        body: { schedule, version },
      }),
  );

/** Downloads an .ics file with the signed-in person's credentials; the server names the file. */
const downloadCalendar = (organizationId: string, path: string) =>
  downloadApiFile(organizationPath(organizationId, path), 'meeting.ics');

/** "Add to calendar (.ics)": downloads `path` and says so when it fails. */
export function useCalendarDownload() {
  const organizationId = useOrganizationId();
  const [busyPath, setBusyPath] = useState<string | null>(null);
  const download = (path: string) => {
    if (!organizationId) return;
    setBusyPath(path);
    downloadCalendar(organizationId, path)
      .catch((error: unknown) =>
        toast.error(errorText(error, 'The calendar file could not be downloaded. Please try again.')),
      )
      .finally(() => setBusyPath(null));
  };
  return { download, busyPath };
}
