import { downloadApiFile } from '../../lib/file-download';

/** Downloads a concluded meeting's PDF with the signed-in person's credentials; the server names the file. */
export const downloadMeetingPdf = (organizationId: string, meetingId: string) =>
  downloadApiFile(
    `/organizations/${encodeURIComponent(organizationId)}/meetings/${encodeURIComponent(meetingId)}/summary.pdf`,
    'meeting.pdf',
  );
