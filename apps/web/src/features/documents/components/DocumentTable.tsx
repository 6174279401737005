import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import type { Document, DocumentFolder } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { LIST_CARD_CLASSES } from '../../../ui/ListPage';
import type { DocumentSort, SortDirection } from '../documents.api';
import {
  PROVIDER_NAMES,
  TYPE_NAMES,
  dateText,
  documentSizeText,
  documentTypeOf,
  visibilityBadge,
} from '../document-words';
import { DocumentIcon } from './DocumentIcon';
import { useTeamNames } from './PlacementFields';

interface DocumentTableProps {
  label: string;
  folders: DocumentFolder[];
  documents: Document[];
  sort: DocumentSort;
  direction: SortDirection;
  onSort: (sort: DocumentSort) => void;
  onOpenFolder: (folder: DocumentFolder) => void;
  onManageFolder: (folder: DocumentFolder) => void;
  onOpenDocument: (document: Document) => void;
  /** Whether folder rows get a Manage button (not for observers). */
  canManage: boolean;
}

const CELL = 'px-3 py-2 align-middle';
const HIDDEN_SMALL = 'hidden sm:table-cell';
const HIDDEN_MEDIUM = 'hidden md:table-cell';

function Badge({ children }: { children: string }) {
  return (
    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      {children}
    </span>
  );
}

function SortHeader({
  column,
  label,
  sort,
  direction,
  onSort,
  className,
}: {
  column: DocumentSort;
  label: string;
  sort: DocumentSort;
  direction: SortDirection;
  onSort: (sort: DocumentSort) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`${CELL} ${className ?? ''}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-8 items-center gap-1 font-semibold hover:underline pointer-coarse:min-h-11"
      >
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </th>
  );
}

/** A folder's subfolders, then its documents, with sortable columns; owner and size give way on small screens. */
export function DocumentTable(props: DocumentTableProps) {
  const { folders, documents, sort, direction, onSort } = props;
  const teamNames = useTeamNames();
  const badgeOf = (item: { visibility: Document['visibility']; teamId: string | null }) =>
    visibilityBadge(item.visibility, item.teamId ? teamNames.get(item.teamId) : undefined);
  return (
    <div className={`${LIST_CARD_CLASSES} overflow-x-auto`}>
      <table className="w-full text-left text-sm text-slate-800 dark:text-slate-100">
        <caption className="sr-only">{props.label}</caption>
        <thead className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200">
          <tr>
            <SortHeader column="name" label="Name" sort={sort} direction={direction} onSort={onSort} />
            <th scope="col" className={`${CELL} ${HIDDEN_MEDIUM} font-semibold`}>
              Owner
            </th>
            <SortHeader column="updated" label="Updated" sort={sort} direction={direction} onSort={onSort} />
            <SortHeader
              column="size"
              label="Size"
              sort={sort}
              direction={direction}
              onSort={onSort}
              className={HIDDEN_SMALL}
            />
            <th scope="col" className={`${CELL} ${HIDDEN_SMALL} font-semibold`}>
              Who can see it
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {folders.map((folder) => (
            <tr key={folder.id}>
              <td className={CELL}>
                <div className="flex items-center gap-2">
                  <DocumentIcon type="folder" />
                  <button
                    type="button"
                    onClick={() => props.onOpenFolder(folder)}
                    className="min-w-0 text-left font-medium wrap-anywhere text-blue-800 underline dark:text-blue-300"
                  >
                    {folder.name}
                  </button>
                  <span className="sr-only">Folder</span>
                  {props.canManage ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ml-auto"
                      aria-label={`Manage folder ${folder.name}`}
                      onClick={() => props.onManageFolder(folder)}
                    >
                      Manage
                    </Button>
                  ) : null}
                </div>
                <div className="mt-1 sm:hidden">
                  <Badge>{badgeOf(folder)}</Badge>
                </div>
              </td>
              <td className={`${CELL} ${HIDDEN_MEDIUM}`}>{folder.owner?.name ?? '—'}</td>
              <td className={`${CELL} whitespace-nowrap`}>{dateText(folder.updatedAt)}</td>
              <td className={`${CELL} ${HIDDEN_SMALL}`}>—</td>
              <td className={`${CELL} ${HIDDEN_SMALL}`}>
                <Badge>{badgeOf(folder)}</Badge>
              </td>
            </tr>
          ))}
          {documents.map((document) => {
            const type = documentTypeOf(document);
            return (
              <tr key={document.id}>
                <td className={CELL}>
                  <div className="flex items-center gap-2">
                    <DocumentIcon type={type} />
                    <div className="min-w-0">
                      <button
                        type="button"
                        onClick={() => props.onOpenDocument(document)}
                        className="text-left font-medium wrap-anywhere text-blue-800 underline dark:text-blue-300"
                      >
                        {document.name}
                      </button>
                      <p className="text-xs text-slate-600 dark:text-slate-300">
                        {document.linkProvider ? PROVIDER_NAMES[document.linkProvider] : TYPE_NAMES[type]}
                      </p>
                    </div>
                  </div>
                  <div className="mt-1 sm:hidden">
                    <Badge>{badgeOf(document)}</Badge>
                  </div>
                </td>
                <td className={`${CELL} ${HIDDEN_MEDIUM}`}>{document.owner?.name ?? '—'}</td>
                <td className={`${CELL} whitespace-nowrap`}>{dateText(document.updatedAt)}</td>
                <td className={`${CELL} ${HIDDEN_SMALL} whitespace-nowrap`}>{documentSizeText(document)}</td>
                <td className={`${CELL} ${HIDDEN_SMALL}`}>
                  <Badge>{badgeOf(document)}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
