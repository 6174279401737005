import { useState } from 'react';
import X from 'lucide-react/icons/x';
import type { MilestoneProposal, ProposedMilestone } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/FormFields';
import { TextField } from '../../../ui/Field';
import { engineText } from '../assistant-words';

interface MilestoneProposalsProps {
  proposal: MilestoneProposal;
  /** What the milestones are called here (the organization's terminology). */
  milestonesLabel: string;
  addLabel: string;
  busy: boolean;
  onAdd: (milestones: ProposedMilestone[]) => void;
}

/** Proposed milestones, each editable or removable, added together in one click. */
export function MilestoneProposals({ proposal, milestonesLabel, addLabel, busy, onAdd }: MilestoneProposalsProps) {
  // Each row keeps the key it was proposed with, so removing one leaves the others' fields where they are.
  const [rows, setRows] = useState(() =>
    proposal.milestones.map((row, index) => ({ ...row, key: `proposed-${index}` })),
  );
  const valid = rows.length > 0 && rows.every((row) => row.title.trim() !== '' && row.dueDate !== '');
  const update = (index: number, change: Partial<ProposedMilestone>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <section aria-label={`Proposed ${milestonesLabel}`} className="grid gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Planned as {proposal.kind}. Change any of them before adding them.
      </p>
      <ol className="grid gap-3">
        {rows.map((row, index) => (
          <li key={row.key} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_11rem_auto]">
            <TextField
              label={`Title of ${index + 1}`}
              value={row.title}
              maxLength={300}
              onChange={(event) => update(index, { title: event.target.value })}
            />
            <DateField
              label={`Due date of ${index + 1}`}
              value={row.dueDate}
              onChange={(event) => update(index, { dueDate: event.target.value })}
            />
            <Button
              variant="secondary"
              aria-label={`Remove ${row.title || `number ${index + 1}`}`}
              onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={!valid}
          loading={busy}
          onClick={() => onAdd(rows.map(({ title, dueDate }) => ({ title: title.trim(), dueDate })))}
        >
          {addLabel}
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">{engineText(proposal.engine)}</span>
      </div>
    </section>
  );
}
