import { useState } from 'react';
import toast from 'react-hot-toast';
import type { MilestoneProposal, ProposedMilestone, SmartCheck } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { DateField, TextAreaField } from '../../../ui/FormFields';
import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { AlignmentView } from '../components/AlignmentView';
import { AssistantModelSetting } from '../components/AssistantModelSetting';
import { MilestoneProposals } from '../components/MilestoneProposals';
import { SmartCheckPanel } from '../components/SmartCheckPanel';
import { WritingStatus } from '../components/WritingStatus';
import { useCreatePriorityWithMilestones, useProposeMilestones, useSmartCheck } from '../priority-assistant.api';

interface Draft {
  title: string;
  description: string;
  dueDate: string;
}

function DraftWorkbench({ teamId, teamName }: { teamId: string; teamName: string }) {
  const terms = useTerminology();
  const me = useSession((state) => state.user?.id ?? '');
  const singular = terms.priority_singular;
  const [draft, setDraft] = useState<Draft>({ title: '', description: '', dueDate: '' });
  const [check, setCheck] = useState<SmartCheck | null>(null);
  const [proposal, setProposal] = useState<MilestoneProposal | null>(null);
  const [writing, setWriting] = useState(0);
  const smart = useSmartCheck(setWriting);
  const propose = useProposeMilestones(setWriting);
  const create = useCreatePriorityWithMilestones();
  const payload = { title: draft.title, description: draft.description, dueDate: draft.dueDate || null };

  const runCheck = () => {
    setWriting(0);
    smart.mutate({ ...payload, teamId, ownerIds: me ? [me] : [] }, { onSuccess: setCheck });
  };
  const runMilestones = () => {
    setWriting(0);
    setProposal(null);
    propose.mutate(payload, { onSuccess: setProposal });
  };
  const addAll = (milestones: ProposedMilestone[]) =>
    create.mutate(
      {
        priority: {
          title: draft.title.trim(),
          description: draft.description.trim(),
          ownerIds: [me],
          teamId,
          scope: 'team',
          progressType: 'milestones',
          ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
        },
        milestones,
      },
      {
        onSuccess: (created) => {
          toast.success(`“${created.title}” added to ${teamName} with ${milestones.length} ${terms.milestones_label}`);
          setDraft({ title: '', description: '', dueDate: '' });
          setCheck(null);
          setProposal(null);
        },
      },
    );

  return (
    <Card>
      <section aria-labelledby="draft-title" className="grid gap-3">
        <h2 id="draft-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Check a {singular} before adding it
        </h2>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            runCheck();
          }}
        >
          <TextField
            label="Title"
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
          <TextAreaField
            label="Description"
            rows={3}
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
          <DateField
            label="Due date (optional)"
            value={draft.dueDate}
            onChange={(event) => setDraft({ ...draft, dueDate: event.target.value })}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={smart.isPending}>
              Check it
            </Button>
            <Button
              variant="secondary"
              loading={propose.isPending}
              disabled={draft.title.trim() === ''}
              onClick={runMilestones}
            >
              Propose {terms.milestones_label}
            </Button>
          </div>
        </form>
        {smart.isPending || propose.isPending ? <WritingStatus characters={writing} /> : null}
        {smart.isError ? <Banner tone="error">{errorText(smart.error, 'The check could not be made.')}</Banner> : null}
        {check ? (
          <SmartCheckPanel
            check={check}
            onAcceptRewrite={(rewrite) => {
              setDraft({ ...draft, title: rewrite.title, description: rewrite.description });
              setCheck({ ...check, rewrite: null });
            }}
            onIgnoreRewrite={() => setCheck({ ...check, rewrite: null })}
          />
        ) : null}
        {propose.isError ? (
          <Banner tone="error">{errorText(propose.error, `No ${terms.milestones_label} could be proposed.`)}</Banner>
        ) : null}
        {create.isError ? (
          <Banner tone="error">{errorText(create.error, `The ${singular} could not be added.`)}</Banner>
        ) : null}
        {proposal ? (
          <MilestoneProposals
            key={JSON.stringify(proposal.milestones)}
            proposal={proposal}
            milestonesLabel={terms.milestones_label}
            addLabel={`Add the ${singular} to ${teamName} with these ${terms.milestones_label}`}
            busy={create.isPending}
            onAdd={addAll}
          />
        ) : null}
      </section>
    </Card>
  );
}

/** /organizations/:orgId/smart-rock-assistant: check a draft, plan its milestones, and see the quarter's alignment. */
export default function PriorityAssistantPage() {
  const terms = useTerminology();
  const title = `${terms.priority_singular} assistant`;
  usePageMeta({
    title,
    description: `Checks that each ${terms.priority_singular} is specific and measurable, proposes ${terms.milestones_label} and shows how the ${terms.priorities_label} serve the ${terms.annual_goals_label}.`,
    robots: 'noindex,nofollow',
  });
  return (
    <section aria-labelledby="page-title" className="mx-auto grid max-w-4xl gap-6 py-6">
      <div className="grid gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h1>
        <AssistantModelSetting />
      </div>
      <SelectedDepartmentGate plural={terms.priorities_label}>
        {(team) => (
          <>
            <DraftWorkbench key={team.id} teamId={team.id} teamName={team.name} />
            <Card>
              <AlignmentView key={team.id} teamId={team.id} terms={terms} />
            </Card>
          </>
        )}
      </SelectedDepartmentGate>
    </section>
  );
}
