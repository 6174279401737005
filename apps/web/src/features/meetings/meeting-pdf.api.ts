import { apiFetch, errorFromBody } from '../../lib/api-client';

const ENCODED_NAME = /filename\*=UTF-8''([^;]+)/i;
const PLAIN_NAME = /filename="([^"]+)"/i;

/**
 * Downloads a concluded meeting's PDF with the signed-in person's credentials (a plain link would carry none);
 * the server names the file.
 */
export async function downloadMeetingPdf(organizationId: string, meetingId: string) {
  const response = await apiFetch(
    `/organizations/${encodeURIComponent(organizationId)}/meetings/${encodeURIComponent(meetingId)}/summary.pdf`,
  );
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => null));
  const blob = await response.blob();
  // The name as written (accents and all) when the server gave it, else its plain-ASCII stand-in.
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = ENCODED_NAME.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (PLAIN_NAME.exec(disposition)?.[1] ?? 'meeting.pdf');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the blob to the browser's download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
