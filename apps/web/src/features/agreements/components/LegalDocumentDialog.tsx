import { lazy, Suspense } from 'react';
import { importWithReload } from '../../../lib/chunk-reload';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';

export type LegalDocument = 'terms' | 'privacy';

// The documents are long; they load only when someone opens one.
const loadTexts = () => importWithReload(() => import('../../legal/legal-texts'));
const TermsText = lazy(() => loadTexts().then((module) => ({ default: module.TermsOfServiceText })));
const PrivacyText = lazy(() => loadTexts().then((module) => ({ default: module.PrivacyPolicyText })));

export const LEGAL_TITLES: Record<LegalDocument, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

interface LegalDocumentDialogProps {
  document: LegalDocument | null;
  onClose: () => void;
  /** Ticks the matching box; the dialog closes afterwards. */
  onAccept: (document: LegalDocument) => void;
}

/** Shows one legal document in a scrollable body (about 60% of the viewport) with Close and Accept. */
export function LegalDocumentDialog({ document, onClose, onAccept }: LegalDocumentDialogProps) {
  const Text = document === 'privacy' ? PrivacyText : TermsText;
  return (
    <Dialog
      open={document !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={document ? LEGAL_TITLES[document] : ''}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              if (document) onAccept(document);
              onClose();
            }}
          >
            Accept
          </Button>
        </>
      }
    >
      <div
        tabIndex={0}
        role="region"
        aria-label={document ? `${LEGAL_TITLES[document]} text` : undefined}
        className="max-h-[60vh] overflow-y-auto pr-2 text-sm leading-relaxed text-slate-800 dark:text-slate-200"
      >
        {document ? (
          <Suspense fallback={<Spinner label="Loading document" className="size-6" />}>
            <Text />
          </Suspense>
        ) : null}
      </div>
    </Dialog>
  );
}
