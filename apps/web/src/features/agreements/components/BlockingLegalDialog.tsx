import { useState } from 'react';
import { LEGAL_REQUIRED_TO_CONTINUE } from '@keel/contract';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { buildAcceptance, useAcceptAgreementsMutation } from '../agreements.api';
import { bothAccepted, type LegalChoices } from '../legal-acceptance';
import { LegalConsentCheckboxes } from './LegalConsentCheckboxes';

export const ACCEPT_FAILED = 'Failed to record agreement acceptance. Please try again.';
export const ACCEPT_EXCEPTION = 'An error occurred. Please try again or contact support.';

interface BlockingLegalDialogProps {
  /** What happens after a recorded acceptance; the spec reloads the page. */
  onAccepted?: () => void;
}

/**
 * Spec sections 4 and 5: cannot be dismissed (no Escape, no outside click); the only exits are
 * accepting both documents or logging out.
 */
export function BlockingLegalDialog({ onAccepted = () => window.location.reload() }: BlockingLegalDialogProps) {
  const [choices, setChoices] = useState<LegalChoices>({ termsAccepted: false, privacyAccepted: false });
  const [error, setError] = useState<string | null>(null);
  const accept = useAcceptAgreementsMutation();
  const logout = useSession((state) => state.logout);
  const [open, setOpen] = useState(true);

  const submit = () => {
    setError(null);
    if (!bothAccepted(choices)) {
      setError(LEGAL_REQUIRED_TO_CONTINUE);
      return;
    }
    accept.mutate(buildAcceptance(), {
      onSuccess: (success) => {
        if (!success) {
          setError(ACCEPT_FAILED);
          return;
        }
        setOpen(false);
        onAccepted();
      },
      onError: () => setError(ACCEPT_EXCEPTION),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      blocking
      title="Please review our updated terms"
      description="To keep using Keel, please read and accept the Terms of Service and the Privacy Policy."
      footer={
        <>
          <Button variant="ghost" onClick={() => void logout()} disabled={accept.isPending}>
            Log out
          </Button>
          <Button onClick={submit} disabled={!bothAccepted(choices)} loading={accept.isPending}>
            {accept.isPending ? 'Saving...' : 'Accept and continue'}
          </Button>
        </>
      }
    >
      <LegalConsentCheckboxes choices={choices} onChange={setChoices} disabled={accept.isPending} />
      {error ? (
        <Banner tone="error" className="mt-4">
          {error}
        </Banner>
      ) : null}
    </Dialog>
  );
}
