import { useState } from 'react';
import type { Document, DocumentLink } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { useUnlinkDocument } from '../documents.api';
import { TARGET_TERMS } from '../document-words';
import { LinkPicker } from './LinkPicker';

/** The items the document is linked to, with Unlink, and a way to link one more. */
export function DocumentLinks({ document, readOnly }: { document: Document; readOnly: boolean }) {
  const terms = useTerminology();
  const unlink = useUnlinkDocument();
  const [picking, setPicking] = useState(false);
  const kindOf = (link: DocumentLink) => {
    const key = TARGET_TERMS[link.target];
    return key ? terms[key] : 'Meeting';
  };
  return (
    <section aria-labelledby="links-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="links-title" className="font-semibold text-slate-900 dark:text-white">
          Linked items
        </h3>
        {readOnly || picking ? null : (
          <Button size="sm" variant="secondary" onClick={() => setPicking(true)}>
            Link to an item
          </Button>
        )}
      </div>
      {document.links.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Not linked to anything yet.</p>
      ) : (
        <ul aria-label="Linked items" className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {document.links.map((link) => (
            <li key={`${link.target}:${link.targetId}`} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="text-slate-600 dark:text-slate-300">{kindOf(link)}: </span>
                {link.title}
              </span>
              {readOnly ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Unlink ${link.title}`}
                  loading={unlink.isPending && unlink.variables.targetId === link.targetId}
                  onClick={() => unlink.mutate({ id: document.id, target: link.target, targetId: link.targetId })}
                >
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {unlink.isError ? (
        <Banner tone="error">{errorText(unlink.error, 'The link could not be removed.')}</Banner>
      ) : null}
      {picking ? <LinkPicker document={document} onDone={() => setPicking(false)} /> : null}
    </section>
  );
}
