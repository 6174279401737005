import type { Priority } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { useRaiseIssueFromPriority } from '../priorities.api';

/** An off-track priority goes to the issues list in one click, linked back to the priority. */
export function CreateIssueFromPriority({ priority, singular }: { priority: Priority; singular: string }) {
  const raise = useRaiseIssueFromPriority();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={raise.isPending}
      onClick={() =>
        raise.mutate(priority.id, {
          onSuccess: () => toast.success(`${singular} created`),
          onError: (error) => toast.error(errorText(error, `Could not create the ${singular}.`)),
        })
      }
    >
      Create {singular}
    </Button>
  );
}
