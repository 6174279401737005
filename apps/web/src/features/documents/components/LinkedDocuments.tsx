import { useId, useRef, useState } from 'react';
import type { DocumentLinkTarget } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextLink } from '../../../ui/TextLink';
import { documentKindText, documentTypeOf } from '../document-words';
import { useLinkedDocuments, useUnlinkDocument } from '../documents.api';
import { DocumentIcon } from './DocumentIcon';
import { DocumentSearchPicker } from './DocumentSearchPicker';

interface LinkedDocumentsProps {
  target: DocumentLinkTarget;
  targetId: string;
  readOnly: boolean;
}

/** The documents linked to a priority, issue, to-do, process or meeting, with Unlink and a way to link one more. */
export function LinkedDocuments({ target, targetId, readOnly }: LinkedDocumentsProps) {
  const titleId = useId();
  const linked = useLinkedDocuments(target, targetId);
  const unlink = useUnlinkDocument();
  const [picking, setPicking] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const documents = linked.data ?? [];

  const stopPicking = () => {
    setPicking(false);
    // The picker held the focus; put it back where the person started.
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
          Documents
        </h3>
        {readOnly || picking ? null : (
          <Button ref={addButton} size="sm" variant="secondary" onClick={() => setPicking(true)}>
            Add a document
          </Button>
        )}
      </div>
      {linked.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the linked documents…
        </p>
      ) : linked.isError ? (
        <Banner tone="error">{errorText(linked.error, 'The linked documents could not be loaded.')}</Banner>
      ) : documents.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No documents linked yet.</p>
      ) : (
        <ul aria-labelledby={titleId} className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {documents.map((document) => (
            <li key={document.id} className="flex items-center gap-2 py-2">
              <DocumentIcon type={documentTypeOf(document)} />
              <span className="grid min-w-0 flex-1">
                <TextLink to={`/documents?${new URLSearchParams({ document: document.id })}`} className="wrap-anywhere">
                  {document.name}
                </TextLink>
                <span className="text-xs text-slate-600 dark:text-slate-400">{documentKindText(document)}</span>
              </span>
              {readOnly ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Unlink ${document.name}`}
                  loading={unlink.isPending && unlink.variables.id === document.id}
                  onClick={() => unlink.mutate({ id: document.id, target, targetId })}
                >
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {unlink.isError ? (
        <Banner tone="error">{errorText(unlink.error, 'The document could not be unlinked.')}</Banner>
      ) : null}
      {picking ? (
        <DocumentSearchPicker
          target={target}
          targetId={targetId}
          linkedIds={new Set(documents.map((document) => document.id))}
          onDone={stopPicking}
        />
      ) : null}
    </section>
  );
}
