import type { Headline } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { useRaiseIssueFromHeadline } from '../headlines.api';

/** One click turns a headline into an issue of its team, linked back to the headline. */
export function CreateIssueFromHeadline({ headline }: { headline: Headline }) {
  const singular = useTerminology().issue_singular;
  const raise = useRaiseIssueFromHeadline();
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={raise.isPending}
      aria-label={`Create ${singular}: ${headline.text}`}
      onClick={() =>
        raise.mutate(headline.id, {
          onSuccess: () => toast.success(`${singular} created`),
          onError: (error) => toast.error(errorText(error, `Could not create the ${singular}.`)),
        })
      }
    >
      Create {singular}
    </Button>
  );
}
