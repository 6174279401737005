import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import ExternalLink from 'lucide-react/icons/external-link';
import type { Document } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { requireOrganization } from '../../../lib/organization-query';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { downloadDocument, useDeleteDocument, useDocument, useUpdateDocument, type Placement } from '../documents.api';
import {
  PROVIDER_NAMES,
  TYPE_NAMES,
  dateTimeText,
  documentSizeText,
  documentTypeOf,
  visibilityBadge,
} from '../document-words';
import { DocumentLinks } from './DocumentLinks';
import { canPreview, DocumentPreview } from './DocumentPreview';
import { DocumentVersions } from './DocumentVersions';
import { FolderPicker } from './FolderPicker';
import { NameDialog } from './NameDialog';
import { PlacementFields, placementIsComplete, useTeamNames } from './PlacementFields';

interface DocumentDetailsProps {
  id: string;
  readOnly: boolean;
  onClose: () => void;
}

/** One document: its preview, facts, versions and links, and what can be done with it. */
export function DocumentDetails({ id, readOnly, onClose }: DocumentDetailsProps) {
  const document = useDocument(id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={document.data?.name ?? 'Document'}
      size="lg"
    >
      {document.isPending ? (
        <Spinner label="Loading the document" className="size-6" />
      ) : document.isError ? (
        <Banner tone="error">{errorText(document.error, 'This document could not be loaded.')}</Banner>
      ) : (
        <DocumentBody document={document.data} readOnly={readOnly} onDeleted={onClose} />
      )}
    </Dialog>
  );
}

type Step = 'rename' | 'move' | 'delete' | null;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="wrap-anywhere text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function DocumentBody({
  document,
  readOnly,
  onDeleted,
}: {
  document: Document;
  readOnly: boolean;
  onDeleted: () => void;
}) {
  const organizationId = useOrganizationId();
  const teamNames = useTeamNames();
  const update = useUpdateDocument();
  const remove = useDeleteDocument();
  const [step, setStep] = useState<Step>(null);
  const type = documentTypeOf(document);
  const open = (next: Step) => {
    update.reset();
    remove.reset();
    setStep(next);
  };
  const download = () =>
    downloadDocument(requireOrganization(organizationId), document.id, document.name).catch((error: unknown) =>
      toast.error(errorText(error, 'The file could not be downloaded.')),
    );

  return (
    <div className="grid gap-5">
      {canPreview(document) ? <DocumentPreview key={document.currentVersion} document={document} /> : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Fact term="Type">{document.linkProvider ? PROVIDER_NAMES[document.linkProvider] : TYPE_NAMES[type]}</Fact>
        <Fact term="Size">{documentSizeText(document)}</Fact>
        <Fact term="Owner">{document.owner?.name ?? '—'}</Fact>
        <Fact term="Updated">{dateTimeText(document.updatedAt)}</Fact>
        <Fact term="Who can see it">
          {visibilityBadge(document.visibility, document.teamId ? teamNames.get(document.teamId) : undefined)}
        </Fact>
        {document.currentVersion ? <Fact term="Current version">{document.currentVersion}</Fact> : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {document.kind === 'link' && document.url ? (
          <a
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-brand-contrast"
          >
            Open in {document.linkProvider ? PROVIDER_NAMES[document.linkProvider] : 'a new tab'}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <Button onClick={() => void download()}>Download</Button>
        )}
        {readOnly ? null : (
          <>
            <Button variant="secondary" onClick={() => open('rename')}>
              Rename
            </Button>
            <Button variant="secondary" onClick={() => open('move')}>
              Move
            </Button>
            <Button variant="danger" onClick={() => open('delete')}>
              Delete
            </Button>
          </>
        )}
      </div>
      {readOnly ? null : <VisibilityForm key={`${document.visibility}:${document.teamId ?? ''}`} document={document} />}
      {document.kind === 'file' ? <DocumentVersions document={document} readOnly={readOnly} /> : null}
      <DocumentLinks document={document} readOnly={readOnly} />
      {step === 'rename' ? (
        <NameDialog
          title="Rename document"
          label="Name"
          initialName={document.name}
          submitLabel="Rename"
          busy={update.isPending}
          error={update.isError ? errorText(update.error, 'The document could not be renamed.') : null}
          onClose={() => setStep(null)}
          onSubmit={(name) =>
            update.mutate({ id: document.id, version: document.version, name }, { onSuccess: () => setStep(null) })
          }
        />
      ) : null}
      {step === 'move' ? (
        <FolderPicker
          title={`Move ${document.name}`}
          startFolderId={document.folderId}
          busy={update.isPending}
          error={update.isError ? errorText(update.error, 'The document could not be moved.') : null}
          onClose={() => setStep(null)}
          onChoose={(folderId) =>
            update.mutate(
              { id: document.id, version: document.version, folderId },
              {
                onSuccess: () => {
                  toast.success('Document moved');
                  setStep(null);
                },
              },
            )
          }
        />
      ) : null}
      {step === 'delete' ? (
        <ConfirmDialog
          title={`Delete ${document.name}?`}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onCancel={() => setStep(null)}
          onConfirm={() =>
            remove.mutate(
              { id: document.id, version: document.version },
              {
                onSuccess: () => {
                  toast.success('Document deleted');
                  onDeleted();
                },
              },
            )
          }
        >
          <p>
            {document.kind === 'file'
              ? 'The file and all its versions are deleted.'
              : 'The link is removed; the file in the cloud drive stays where it is.'}
          </p>
          {remove.isError ? (
            <Banner tone="error" className="mt-3">
              {errorText(remove.error, 'The document could not be deleted.')}
            </Banner>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Who may see the document; Save appears once the choice differs from the document's. */
function VisibilityForm({ document }: { document: Document }) {
  const update = useUpdateDocument();
  const [placement, setPlacement] = useState<Placement>({ visibility: document.visibility, teamId: document.teamId });
  const changed = placement.visibility !== document.visibility || placement.teamId !== document.teamId;
  return (
    <form
      aria-label="Who can see it"
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!placementIsComplete(placement)) return;
        update.mutate(
          { id: document.id, version: document.version, visibility: placement.visibility, teamId: placement.teamId },
          { onSuccess: () => toast.success('Visibility changed') },
        );
      }}
    >
      <PlacementFields value={placement} onChange={setPlacement} />
      {changed ? (
        <div>
          <Button type="submit" size="sm" loading={update.isPending}>
            Save visibility
          </Button>
        </div>
      ) : null}
      {update.isError ? (
        <Banner tone="error">{errorText(update.error, 'The visibility could not be changed.')}</Banner>
      ) : null}
    </form>
  );
}
