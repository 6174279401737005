import { useState } from 'react';
import toast from 'react-hot-toast';
import type { MilestoneProposal, Priority } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useAddProposedMilestones, useProposeMilestones } from '../priority-assistant.api';
import { MilestoneProposals } from './MilestoneProposals';
import { WritingStatus } from './WritingStatus';

/** In a saved priority: milestones proposed over its quarter, edited, then added to it in one click. */
export function ProposeMilestones({ priority, milestonesLabel }: { priority: Priority; milestonesLabel: string }) {
  const [writing, setWriting] = useState(0);
  const [proposal, setProposal] = useState<MilestoneProposal | null>(null);
  const propose = useProposeMilestones(setWriting);
  const add = useAddProposedMilestones();
  return (
    <div className="grid gap-2">
      <div>
        <Button
          size="sm"
          variant="secondary"
          loading={propose.isPending}
          onClick={() => {
            setWriting(0);
            setProposal(null);
            propose.mutate(
              {
                title: priority.title,
                description: priority.description,
                dueDate: priority.dueDate,
                year: priority.year,
                quarter: priority.quarter,
              },
              { onSuccess: setProposal },
            );
          }}
        >
          Propose {milestonesLabel}
        </Button>
      </div>
      {propose.isPending ? <WritingStatus characters={writing} /> : null}
      {propose.isError ? (
        <Banner tone="error">{errorText(propose.error, `No ${milestonesLabel} could be proposed.`)}</Banner>
      ) : null}
      {proposal ? (
        <MilestoneProposals
          key={JSON.stringify(proposal.milestones)}
          proposal={proposal}
          milestonesLabel={milestonesLabel}
          addLabel={`Add these ${milestonesLabel}`}
          busy={add.isPending}
          onAdd={(milestones) =>
            add.mutate(
              { priorityId: priority.id, milestones },
              {
                onSuccess: () => {
                  toast.success(`${milestones.length} ${milestonesLabel} added`);
                  setProposal(null);
                },
                onError: (error) => toast.error(errorText(error, `The ${milestonesLabel} could not all be added.`)),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
