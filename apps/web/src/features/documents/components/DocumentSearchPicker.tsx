import { useEffect, useId, useState } from 'react';
import type { DocumentLinkTarget } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { documentKindText, documentTypeOf } from '../document-words';
import { useDocumentSearch, useLinkDocument } from '../documents.api';
import { DocumentIcon } from './DocumentIcon';

/** Long enough for a word to be typed, short enough to feel live. */
const SEARCH_DELAY_MS = 300;
/** A short list to choose from; a longer name narrows it. */
const RESULTS_MAX = 10;

interface DocumentSearchPickerProps {
  target: DocumentLinkTarget;
  targetId: string;
  /** Already linked: not offered again. */
  linkedIds: Set<string>;
  onDone: () => void;
}

/** Finds documents by name in every folder and links the chosen one to the item. */
export function DocumentSearchPicker({ target, targetId, linkedIds, onDone }: DocumentSearchPickerProps) {
  const resultsId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const found = useDocumentSearch(search, RESULTS_MAX);
  const link = useLinkDocument();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const offered = (found.data?.data ?? []).filter((document) => !linkedIds.has(document.id));
  const hasMore = found.data?.page.nextCursor != null;

  const results = () => {
    if (!search) return <p className="text-sm text-slate-600 dark:text-slate-400">Type part of a document’s name.</p>;
    if (found.isPending)
      return (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Searching…
        </p>
      );
    if (found.isError)
      return <Banner tone="error">{errorText(found.error, 'The documents could not be searched.')}</Banner>;
    if (offered.length === 0)
      return (
        <p className="text-sm text-slate-600 dark:text-slate-400">No other document’s name contains “{search}”.</p>
      );
    return (
      <>
        <ul id={resultsId} aria-label="Matching documents" className="grid gap-1">
          {offered.map((document) => (
            <li key={document.id}>
              <button
                type="button"
                aria-label={`Link ${document.name}`}
                disabled={link.isPending}
                onClick={() => link.mutate({ id: document.id, target, targetId }, { onSuccess: onDone })}
                className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800"
              >
                <DocumentIcon type={documentTypeOf(document)} />
                <span className="grid min-w-0">
                  <span className="wrap-anywhere text-slate-900 dark:text-slate-100">{document.name}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{documentKindText(document)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {hasMore ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Showing the first {RESULTS_MAX}; type more of the name to narrow the list.
          </p>
        ) : null}
      </>
    );
  };

  return (
    <form
      aria-label="Add a document"
      className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        label="Document name"
        type="search"
        autoComplete="off"
        // The picker opens on a click of "Add a document": typing is the next step.
        autoFocus
        value={typed}
        aria-controls={offered.length > 0 ? resultsId : undefined}
        onChange={(event) => setTyped(event.target.value)}
      />
      {results()}
      {link.isError ? <Banner tone="error">{errorText(link.error, 'The document could not be linked.')}</Banner> : null}
      <div>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
