import { useRef } from 'react';
import { ISSUE_ATTACHMENT_MAX_BYTES } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { fileSizeText } from '../../../lib/file-size';
import { requireOrganization } from '../../../lib/organization-query';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { AttachmentStates, DownloadButton } from '../../../ui/Attachments';
import { Spinner } from '../../../ui/Spinner';
import { downloadAttachment, useDeleteAttachment, useIssueAttachments, useUploadAttachment } from '../issues.api';

export function IssueAttachments({ issueId, readOnly }: { issueId: string; readOnly: boolean }) {
  const organizationId = useOrganizationId();
  const attachments = useIssueAttachments(issueId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > ISSUE_ATTACHMENT_MAX_BYTES) {
      toast.error('Files can be at most 10 MB.');
      return;
    }
    upload.mutate({ issueId, file }, { onSettled: () => input.current && (input.current.value = '') });
  };

  return (
    <section aria-label="Attachments" className="grid gap-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">Attachments</h3>
      {upload.error ? <Banner tone="error">{errorText(upload.error, 'The file could not be attached.')}</Banner> : null}
      <AttachmentStates
        query={attachments}
        isEmpty={attachments.data?.length === 0}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">No attachments.</p>}
      >
        <ul className="grid gap-1 text-sm">
          {(attachments.data ?? []).map((attachment) => (
            <li key={attachment.id} className="flex items-center gap-2">
              <DownloadButton
                fileName={attachment.fileName}
                download={() => downloadAttachment(requireOrganization(organizationId), attachment)}
                className="text-blue-700 underline dark:text-blue-300"
              />
              <span className="text-slate-500">{fileSizeText(attachment.sizeBytes)}</span>
              {readOnly ? null : (
                <Button size="sm" variant="secondary" onClick={() => remove.mutate(attachment)}>
                  Remove {attachment.fileName}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </AttachmentStates>
      {readOnly ? null : (
        <div>
          <input
            ref={input}
            type="file"
            aria-label="Attach a file"
            className="text-sm"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {upload.isPending ? <Spinner className="size-4" label="Uploading" /> : null}
        </div>
      )}
    </section>
  );
}
