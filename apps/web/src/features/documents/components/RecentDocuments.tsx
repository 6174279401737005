import type { Document } from '@keel/contract';
import { documentTypeOf } from '../document-words';
import { useRecentDocuments } from '../documents.api';
import { DocumentIcon } from './DocumentIcon';

/** The documents the person opened last, one tap away; nothing at all until they have opened one. */
export function RecentDocuments({ onOpen }: { onOpen: (document: Document) => void }) {
  const recent = useRecentDocuments();
  const documents = recent.data ?? [];
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="recent-title" className="grid gap-2">
      <h2 id="recent-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Recently opened
      </h2>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {documents.map((document) => (
          <li key={document.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onOpen(document)}
              className="flex max-w-56 min-h-11 items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
            >
              <DocumentIcon type={documentTypeOf(document)} />
              <span className="truncate text-slate-900 dark:text-slate-100">{document.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
