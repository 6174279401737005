import type { Measurable } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { useRaiseIssueFromMeasurable } from '../measurables.api';

/** A number off track goes to the team's issues list in one click, linked back to the measurable. */
export function CreateIssueFromMeasurable({ measurable }: { measurable: Measurable }) {
  const raise = useRaiseIssueFromMeasurable();
  const terms = useTerminology();
  return (
    <div className="mb-3 flex justify-end">
      <Button
        size="sm"
        variant="secondary"
        loading={raise.isPending}
        onClick={() =>
          raise.mutate(measurable.id, {
            onSuccess: () => toast.success(`${terms.issue_singular} created: ${measurable.title} is off track`),
            onError: (error) => toast.error(errorText(error, `Could not create the ${terms.issue_singular}.`)),
          })
        }
      >
        Add to {terms.issues_label}
      </Button>
    </div>
  );
}
