import Download from 'lucide-react/icons/download';
import History from 'lucide-react/icons/history';
import Printer from 'lucide-react/icons/printer';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import type { BusinessPlan } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useRealtimeTeam } from '../../../lib/realtime-react';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { SelectField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { useMyDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import {
  downloadBusinessPlanPdf,
  shareLinkOf,
  useBusinessPlan,
  useShareBusinessPlan,
  type PlanSelection,
} from '../business-plan.api';
import { PlanHistory } from '../components/PlanHistory';
import { PLAN_PRINT_CSS, PlanPrintView } from '../components/PlanPrintView';
import { PlanSections } from '../components/PlanSections';

const COMPANY = 'company';

/** The company plan first, then the person's own teams' plans. */
function TeamChooser({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const departments = useMyDepartments();
  const teams = (departments.data?.departments ?? []).filter((team) => !team.is_leadership_team);
  return (
    <SelectField
      label="Whose plan"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="w-full sm:w-72"
    >
      <option value={COMPANY}>Company plan</option>
      {teams.map((team) => (
        <option key={team.id} value={team.id}>
          {team.name}
        </option>
      ))}
    </SelectField>
  );
}

function ShareControls({ plan }: { plan: BusinessPlan }) {
  const share = useShareBusinessPlan();
  const link = plan.shareToken ? shareLinkOf(plan.shareToken) : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Checkbox
        label="Read-only link for the whole company"
        checked={plan.shareToken !== null}
        disabled={share.isPending || plan.version === 0}
        onChange={(event) => share.mutate({ teamId: plan.teamId, shared: event.target.checked })}
      />
      {link ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link)
              .then(() => toast.success('Link copied'))
              .catch(() => toast.error('The link could not be copied. Copy it from the address bar instead.'))
          }
        >
          Copy link
        </Button>
      ) : null}
      {plan.version === 0 ? (
        <span className="text-sm text-slate-600 dark:text-slate-400">Save the plan once to share it.</span>
      ) : null}
      {share.isError ? <Banner tone="error">{errorText(share.error, 'Sharing could not be changed.')}</Banner> : null}
    </div>
  );
}

function PlanToolbar({ plan, selection }: { plan: BusinessPlan; selection: PlanSelection }) {
  const organizationId = useOrganizationId();
  const [history, setHistory] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    if (!organizationId) return;
    setDownloading(true);
    downloadBusinessPlanPdf(organizationId, selection)
      .catch((error: unknown) => toast.error(errorText(error, 'The PDF could not be made. Please try again.')))
      .finally(() => setDownloading(false));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" />
        Print
      </Button>
      <Button variant="secondary" loading={downloading} onClick={download}>
        <Download aria-hidden="true" className="size-4" />
        Download PDF
      </Button>
      {selection.share ? null : (
        <Button variant="secondary" onClick={() => setHistory(true)}>
          <History aria-hidden="true" className="size-4" />
          History
        </Button>
      )}
      {plan.canEdit && !selection.share ? <ShareControls plan={plan} /> : null}
      {history ? <PlanHistory plan={plan} onClose={() => setHistory(false)} /> : null}
    </div>
  );
}

function PlanBody({ selection }: { selection: PlanSelection }) {
  const query = useBusinessPlan(selection);
  useRealtimeTeam(query.data?.teamId);
  if (query.isPending) return <Spinner label="Loading the plan" className="size-6" />;
  if (query.isError) {
    return (
      <Banner tone="error">{errorText(query.error, 'The plan could not be loaded. Please refresh the page.')}</Banner>
    );
  }
  const plan = query.data;
  const readOnlyView = selection.share ? { ...plan, canEdit: false } : plan;
  return (
    <>
      <div data-print-hide className="space-y-4 print:hidden">
        <PlanToolbar plan={plan} selection={selection} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {plan.version === 0
            ? plan.canEdit
              ? 'Nobody has written this plan yet. Start with any section: each one is saved on its own.'
              : 'Nobody has written this plan yet.'
            : `Version ${plan.version}${plan.updatedBy ? `, saved by ${plan.updatedBy.name}` : ''}${
                plan.updatedAt ? ` on ${new Date(plan.updatedAt).toLocaleString()}` : ''
              }.`}
          {plan.canEdit || selection.share ? null : ' You can read this plan; its team’s leaders change it.'}
        </p>
        <PlanSections plan={readOnlyView} refetch={async () => (await query.refetch()).data} />
      </div>
      <PlanPrintView plan={plan} />
    </>
  );
}

export default function BusinessPlanPage() {
  const terms = useTerminology();
  usePageMeta({
    title: terms.business_blueprint_label,
    description: 'The plan: where the company is going and how it gets there.',
    robots: 'noindex,nofollow',
  });
  const [params, setParams] = useSearchParams();
  const share = params.get('share') ?? undefined;
  const [team, setTeam] = useState(COMPANY);
  const selection: PlanSelection = share ? { share } : team === COMPANY ? {} : { teamId: team };

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-4 py-6">
      <style>{PLAN_PRINT_CSS}</style>
      <div data-print-hide className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {terms.business_blueprint_label}
        </h1>
        {share ? null : <TeamChooser value={team} onChange={setTeam} />}
      </div>
      {share ? (
        <Banner
          tone="info"
          className="print:hidden"
          action={
            <Button size="sm" variant="secondary" onClick={() => setParams({})}>
              Open the company plan
            </Button>
          }
        >
          You are reading a shared plan. It is read-only.
        </Banner>
      ) : null}
      <PlanBody key={share ?? team} selection={selection} />
    </section>
  );
}
