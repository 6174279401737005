import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { DOCUMENT_NAME_MAX, DOCUMENT_SORTS, type DocumentFolder } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { organizationKey } from '../../../lib/organization-query';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId, useSession } from '../../../lib/session-store';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { EmptyNote, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { AddLinkDialog } from '../components/AddLinkDialog';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { DocumentDetails } from '../components/DocumentDetails';
import { DocumentTable } from '../components/DocumentTable';
import { FolderActions } from '../components/FolderActions';
import { NameDialog } from '../components/NameDialog';
import { PlacementFields, placementIsComplete } from '../components/PlacementFields';
import { RecentDocuments } from '../components/RecentDocuments';
import { UploadQueue } from '../components/UploadQueue';
import { useDropZone } from '../components/useDropZone';
import { useUploadQueue } from '../components/useUploadQueue';
import { useCreateFolder, useDocumentList, type DocumentSort, type Placement } from '../documents.api';

/** Long enough for a word to be typed, short enough to feel live. */
const SEARCH_DELAY_MS = 300;

const isSort = (value: string | null): value is DocumentSort =>
  value !== null && (DOCUMENT_SORTS as readonly string[]).includes(value);

type Dialogs = { kind: 'newFolder' } | { kind: 'addLink' } | { kind: 'folder'; folder: DocumentFolder } | null;

/** `/documents`: a folder's subfolders and documents (`?folder=`), a search by name (`?q=`), one document (`?document=`). */
export default function DocumentsPage() {
  usePageMeta({
    title: 'Documents',
    description: 'The company’s files and links to its cloud drives, in folders.',
    robots: 'noindex,nofollow',
  });
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const query = params.get('q') ?? '';
  const sort = isSort(params.get('sort')) ? (params.get('sort') as DocumentSort) : 'name';
  const direction = params.get('direction') === 'desc' ? 'desc' : 'asc';
  const documentId = params.get('document');
  const [search, setSearch] = useState(query);
  const [placement, setPlacement] = useState<Placement>({ visibility: 'company', teamId: null });
  const [folderPlacement, setFolderPlacement] = useState<Placement>(placement);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploads = useUploadQueue();
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const createFolder = useCreateFolder();
  const list = useDocumentList({ folderId, search: query, sort, direction });
  const first = list.data?.pages[0];
  const folders = first?.folders ?? [];
  const documents = list.data?.pages.flatMap((page) => page.data) ?? [];
  const searching = query.trim() !== '';

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );

  // The search the page itself last put in the address; any other change (Back, a folder opened) resets the box.
  const ownQuery = useRef(query);
  useEffect(() => {
    if (query === ownQuery.current) return;
    ownQuery.current = query;
    setSearch(query);
  }, [query]);
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === ownQuery.current) return undefined;
    const timer = setTimeout(() => {
      ownQuery.current = wanted;
      update({ q: wanted || null }, true);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const startUpload = (files: File[]) => {
    if (!placementIsComplete(placement)) {
      toast.error('Choose the team that may see the new files first.');
      return;
    }
    void uploads.upload(files, { folderId: searching ? null : folderId, ...placement });
  };
  // Dialogs are portals, yet React bubbles their drag events here: no drop while one is open.
  const drop = useDropZone(startUpload, !readOnly && documentId === null && dialog === null);
  const here = first?.path.at(-1)?.name ?? 'All documents';

  return (
    <div {...drop.handlers} className="relative">
      {drop.dragging ? (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-blue-700 bg-blue-50/90 text-lg font-semibold text-blue-900 dark:bg-blue-950/90 dark:text-blue-100">
          Drop the files to upload them to {here}
        </div>
      ) : null}
      <ListPage
        titleId="page-title"
        title="Documents"
        subtitle="Files kept in your company’s storage, and links to files in Google Drive, OneDrive or SharePoint."
        actions={
          readOnly ? undefined : (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => fileInput.current?.click()}>Upload files</Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: 'addLink' })}>
                Add a link
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  createFolder.reset();
                  setFolderPlacement(placement);
                  setDialog({ kind: 'newFolder' });
                }}
              >
                New folder
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                className="sr-only"
                tabIndex={-1}
                aria-label="Files to upload"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  if (files.length > 0) startUpload(files);
                }}
              />
            </div>
          )
        }
      >
        {readOnly ? null : (
          <PlacementFields
            label="Who can see uploaded files"
            value={placement}
            onChange={setPlacement}
            className="grid gap-3 sm:grid-cols-2"
          />
        )}
        <UploadQueue items={uploads.items} onClear={uploads.clearFinished} />
        {searching ? null : <RecentDocuments onOpen={(document) => update({ document: document.id })} />}
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <TextField
            label="Search by name in all folders"
            type="search"
            value={search}
            maxLength={DOCUMENT_NAME_MAX}
            onChange={(event) => setSearch(event.target.value)}
          />
        </form>
        {searching ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Results for “{query}” in all folders</p>
        ) : (
          <Breadcrumbs path={first?.path ?? []} onOpen={(id) => update({ folder: id })} />
        )}
        <ListStates
          query={list}
          loadingLabel="Loading documents"
          errorFallback="The documents could not be loaded. Please try again."
          isEmpty={folders.length === 0 && documents.length === 0}
          empty={
            <EmptyNote>
              {searching
                ? `No documents are named like “${query}”.`
                : readOnly
                  ? 'This folder is empty.'
                  : 'This folder is empty — drop files here or use Upload files.'}
            </EmptyNote>
          }
        >
          <DocumentTable
            label={searching ? `Documents named like “${query}”` : `Contents of ${here}`}
            folders={folders}
            documents={documents}
            sort={sort}
            direction={direction}
            canManage={!readOnly}
            onSort={(column) =>
              update({ sort: column, direction: column === sort && direction === 'asc' ? 'desc' : 'asc' }, true)
            }
            onOpenFolder={(folder) => update({ folder: folder.id, q: null })}
            onManageFolder={(folder) => setDialog({ kind: 'folder', folder })}
            onOpenDocument={(document) => update({ document: document.id })}
          />
          <ShowMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => list.fetchNextPage()}
            label="Load more"
            className="flex justify-center"
          />
        </ListStates>
      </ListPage>
      {documentId ? (
        <DocumentDetails
          id={documentId}
          readOnly={readOnly}
          onClose={() => {
            update({ document: null });
            // Opening a preview or a download counts as opening it: the strip may have a new first entry.
            void queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'document', 'recent') });
          }}
        />
      ) : null}
      {dialog?.kind === 'addLink' ? (
        <AddLinkDialog
          folderId={searching ? null : folderId}
          initialPlacement={placement}
          onClose={() => setDialog(null)}
          onAdded={() => {
            toast.success('Link added');
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'folder' ? <FolderActions folder={dialog.folder} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'newFolder' ? (
        <NameDialog
          title={`New folder in ${here}`}
          label="Folder name"
          initialName=""
          submitLabel="Create folder"
          busy={createFolder.isPending}
          error={createFolder.isError ? errorText(createFolder.error, 'The folder could not be created.') : null}
          onClose={() => setDialog(null)}
          onSubmit={(name) => {
            if (!placementIsComplete(folderPlacement)) return;
            createFolder.mutate(
              { name, parentId: searching ? null : folderId, ...folderPlacement },
              { onSuccess: () => setDialog(null) },
            );
          }}
        >
          <PlacementFields value={folderPlacement} onChange={setFolderPlacement} className="grid gap-3" />
        </NameDialog>
      ) : null}
    </div>
  );
}
