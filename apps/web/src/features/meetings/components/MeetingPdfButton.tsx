import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-error';
import { useOrganizationId } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { downloadMeetingPdf } from '../meeting-pdf.api';

/** Downloads an ended meeting's record as a PDF; its spoken name says which meeting. */
export function MeetingPdfButton({ meetingId, meetingName }: { meetingId: string; meetingName: string }) {
  const organizationId = useOrganizationId();
  const [busy, setBusy] = useState(false);
  const download = () => {
    if (!organizationId) return;
    setBusy(true);
    downloadMeetingPdf(organizationId, meetingId)
      .catch((error: unknown) => toast.error(errorText(error, 'The PDF could not be made. Please try again.')))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={download}
      aria-label={`Download PDF of ${meetingName}`}
    >
      Download PDF
    </Button>
  );
}
