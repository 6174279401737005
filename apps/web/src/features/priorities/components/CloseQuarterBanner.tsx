import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Priority } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useCloseQuarter } from '../priorities.api';
import { formatDate, quarterName } from '../priority-format';
import { countOf } from '../../../lib/words';

interface CloseQuarterBannerProps {
  teamId: string;
  quarter: { year: number; quarter: number; end: string };
  /** The quarter's priorities as listed (archived ones excluded). */
  priorities: Priority[];
  /** The organization's words: quarter, priority and priorities labels. */
  quarterLabel: string;
  prioritySingular: string;
  prioritiesLabel: string;
  today: string;
}

/**
 * A quarter that is over still shows its open priorities until someone closes it: then each one not
 * complete is marked so, and the whole quarter is archived (the list starts clean for the next one).
 */
export function CloseQuarterBanner(props: CloseQuarterBannerProps) {
  const { teamId, quarter, priorities, quarterLabel, prioritySingular, prioritiesLabel, today } = props;
  const [confirming, setConfirming] = useState(false);
  const close = useCloseQuarter();
  if (quarter.end >= today || priorities.length === 0) return null;

  const name = quarterName(quarterLabel, quarter);
  const unfinished = priorities.filter((priority) => priority.status !== 'complete').length;
  const listed = countOf(priorities.length, prioritySingular, prioritiesLabel);
  const confirm = () =>
    close.mutate(
      { teamId, year: quarter.year, quarter: quarter.quarter },
      {
        onSuccess: (result) => {
          setConfirming(false);
          toast.success(`${name} closed: ${result.closed} archived, ${result.notComplete} marked not complete.`);
        },
      },
    );

  return (
    <>
      <Banner
        tone="info"
        title={`${name} ended on ${formatDate(quarter.end)}`}
        action={
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Close {name}
          </Button>
        }
      >
        {listed} still open here. Closing the {quarterLabel} records what was not completed and archives them.
      </Banner>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) close.reset();
        }}
        title={`Close ${name}?`}
        description={`${unfinished} of ${listed} will be marked not complete, and all ${priorities.length} archived. Archived ones stay readable with “Show archived”.`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={close.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={close.isPending}>
              Close {name}
            </Button>
          </>
        }
      >
        {close.isError ? (
          <Banner tone="error">{errorText(close.error, `${name} could not be closed. Please try again.`)}</Banner>
        ) : null}
      </Dialog>
    </>
  );
}
