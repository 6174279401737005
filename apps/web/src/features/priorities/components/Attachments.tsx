import { useRef } from 'react';
import { PRIORITY_ATTACHMENT_MAX_BYTES } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { fileSizeText } from '../../../lib/file-size';
import { requireOrganization } from '../../../lib/organization-query';
import { useOrganizationId } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { AttachmentStates, DownloadButton } from '../../../ui/Attachments';
import {
  downloadAttachment,
  useDeleteAttachment,
  usePriorityAttachments,
  useUploadAttachment,
} from '../priorities.api';

export function Attachments({ priorityId, readOnly }: { priorityId: string; readOnly: boolean }) {
  const organizationId = useOrganizationId();
  const attachments = usePriorityAttachments(priorityId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > PRIORITY_ATTACHMENT_MAX_BYTES) {
      toast.error('The file is larger than 10 MB');
      return;
    }
    upload.mutate(
      { priorityId, file },
      {
        onSuccess: () => toast.success('File attached'),
        onError: (error) => toast.error(errorText(error, 'Could not attach the file.')),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <section aria-label="Attachments" className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Attachments</h3>
        {readOnly ? null : (
          <>
            <input
              ref={input}
              type="file"
              className="sr-only"
              aria-label="Attach a file"
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <Button size="sm" variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
              Attach a file
            </Button>
          </>
        )}
      </div>
      <AttachmentStates
        query={attachments}
        isEmpty={attachments.data?.length === 0}
        empty={<p className="text-sm text-slate-600 dark:text-slate-400">No files yet (10 MB at most each).</p>}
      >
        <ul className="grid gap-1">
          {(attachments.data ?? []).map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap items-center gap-2 text-sm">
              <DownloadButton
                fileName={attachment.fileName}
                download={() => downloadAttachment(requireOrganization(organizationId), attachment)}
                className="font-medium text-blue-700 hover:underline dark:text-blue-300"
              />
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {fileSizeText(attachment.size)} · {attachment.uploadedBy.name}
              </span>
              {readOnly ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${attachment.fileName}`}
                  onClick={() =>
                    remove.mutate(
                      { priorityId, id: attachment.id },
                      { onError: (error) => toast.error(errorText(error, 'Could not delete the file.')) },
                    )
                  }
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      </AttachmentStates>
    </section>
  );
}
