import { useEffect, useState } from 'react';
import { DOCUMENT_PREVIEW_MIME_TYPES, type Document } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { fetchDocumentPreview } from '../documents.api';

export const canPreview = (document: Pick<Document, 'kind' | 'contentType'>) =>
  document.kind === 'file' && (DOCUMENT_PREVIEW_MIME_TYPES as readonly string[]).includes(document.contentType ?? '');

type PreviewState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

/**
 * A PDF or an image shown in the page. The bytes are fetched with the person's token and shown from an
 * object URL, revoked when the preview closes or the version changes.
 */
export function DocumentPreview({ document }: { document: Document }) {
  const organizationId = useOrganizationId();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  useEffect(() => {
    if (!organizationId) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchDocumentPreview(organizationId, document.id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'failed', message: errorText(error, 'The preview could not be loaded.') });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [organizationId, document.id, document.currentVersion]);

  if (state.status === 'loading') return <Spinner label="Loading the preview" className="size-6" />;
  if (state.status === 'failed') return <Banner tone="error">{state.message}</Banner>;
  return document.contentType === 'application/pdf' ? (
    <iframe
      title={`Preview of ${document.name}`}
      src={state.url}
      className="h-[60dvh] w-full rounded border border-slate-200 dark:border-slate-700"
    />
  ) : (
    <img
      src={state.url}
      alt={`Preview of ${document.name}`}
      className="max-h-[60dvh] max-w-full rounded border border-slate-200 object-contain dark:border-slate-700"
    />
  );
}
