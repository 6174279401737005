import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MAX_BYTES } from '@keel/contract';
import { organizationKey, requireOrganization } from '../../../lib/organization-query';
import { useOrganizationId } from '../../../lib/session-store';
import { uploadDocument, uploadErrorText, type UploadTarget } from '../document-upload';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: number;
  name: string;
  bytes: number;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  error: string | null;
}

/** Two files at a time: a long queue neither waits on one file nor floods the server. */
const PARALLEL_UPLOADS = 2;

/** Said before sending a byte: the server would refuse the file anyway, after the whole wait. */
const TOO_LARGE = `This file is too large: each file may be at most ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`;

/** The files being uploaded, each with its own progress and, when refused, its own reason. */
export function useUploadQueue() {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);

  const change = useCallback((key: number, changes: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }, []);

  const upload = useCallback(
    (files: File[], target: UploadTarget) => {
      const queued = files.map((file) => ({ key: nextKey.current++, file }));
      setItems((current) => [
        ...current,
        ...queued.map(({ key, file }) => ({
          key,
          name: file.name,
          bytes: file.size,
          status: 'waiting' as const,
          progress: 0,
          error: null,
        })),
      ]);
      const pending = [...queued];
      const worker = async () => {
        for (let next = pending.shift(); next; next = pending.shift()) {
          const { key, file } = next;
          if (file.size > DOCUMENT_MAX_BYTES) {
            change(key, { status: 'failed', error: TOO_LARGE });
            continue;
          }
          change(key, { status: 'uploading' });
          try {
            await uploadDocument(requireOrganization(organizationId), target, file, {
              onProgress: (progress) => change(key, { progress }),
            });
            change(key, { status: 'done', progress: 1 });
            void queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'document') });
          } catch (error) {
            change(key, { status: 'failed', error: uploadErrorText(error) });
          }
        }
      };
      return Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queued.length) }, worker)).then(
        () => undefined,
      );
    },
    [change, organizationId, queryClient],
  );

  const clearFinished = useCallback(
    () => setItems((current) => current.filter((item) => item.status === 'waiting' || item.status === 'uploading')),
    [],
  );

  return { items, upload, clearFinished };
}
