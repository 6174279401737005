import { businessPlanGoalsYear, businessPlanSectionTitle, type BusinessPlan } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { isWrittenSection, moveSection, partOf, renameSection, setSectionHidden } from '../plan-content';
import { usePlanEditor, type PlanEditor } from '../use-plan-editor';
import { AnnualGoalsSection } from './AnnualGoalsSection';
import { LiveLongTermIssues, LivePriorities, useCurrentQuarter } from './LiveSections';
import { PlanSection } from './PlanSection';
import { SectionEditor, SectionView } from './SectionFields';

function ConflictNotice({
  savedBy,
  version,
  onReloadTheirs,
  onKeepMine,
}: {
  savedBy: string | null;
  version: number;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) {
  return (
    <Banner
      tone="warning"
      title={`${savedBy ?? 'Someone else'} saved this section (version ${version}) while you were editing it`}
    >
      <p>Your text is still here. Reload theirs to see their version, or keep yours and save it over theirs.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onReloadTheirs}>
          Reload theirs
        </Button>
        <Button size="sm" onClick={onKeepMine}>
          Keep mine
        </Button>
      </div>
    </Banner>
  );
}

/** The plan's sections in their order, edited in place by those who may (hidden ones shown to them only). */
export function PlanSections({
  plan,
  refetch,
}: {
  plan: BusinessPlan;
  refetch: () => Promise<BusinessPlan | undefined>;
}) {
  const editor: PlanEditor = usePlanEditor(plan, refetch);
  const terms = useTerminology();
  const quarter = useCurrentQuarter();
  const { canEdit } = plan;
  const sections = plan.content.sections.filter((section) => canEdit || !section.hidden);
  const goalsYear = businessPlanGoalsYear(plan.content, quarter?.year ?? new Date().getFullYear());

  return (
    <div className="space-y-4">
      {editor.settingsError ? <Banner tone="error">{editor.settingsError}</Banner> : null}
      {sections.map((section, index) => {
        const { key } = section;
        const title = businessPlanSectionTitle(section, terms);
        const written = isWrittenSection(key) ? key : null;
        const draft = written ? editor.draftOf(written) : undefined;
        const conflict = written ? editor.conflictOf(written) : undefined;
        return (
          <PlanSection
            key={key}
            sectionKey={key}
            title={title}
            customTitle={section.title}
            hidden={section.hidden}
            isFirst={index === 0}
            isLast={index === sections.length - 1}
            canEdit={canEdit}
            controls={{
              rename: (value) => editor.changeSettings((content) => renameSection(content, key, value)),
              setHidden: (hidden) => editor.changeSettings((content) => setSectionHidden(content, key, hidden)),
              move: (offset) => editor.changeSettings((content) => moveSection(content, key, offset)),
            }}
            {...(written
              ? {
                  editor: {
                    editing: draft !== undefined,
                    start: () => editor.start(written),
                    cancel: () => editor.cancel(written),
                    save: () => void editor.save(written),
                    busy: editor.isBusy(written),
                    error: editor.errorOf(written),
                    form:
                      draft === undefined ? null : (
                        <SectionEditor
                          sectionKey={written}
                          part={draft ?? partOf(plan.content, written)}
                          onChange={(part) => editor.change(written, part)}
                        />
                      ),
                  },
                }
              : {})}
            notice={
              <>
                {written && conflict ? (
                  <ConflictNotice
                    savedBy={conflict.savedBy}
                    version={conflict.version}
                    onReloadTheirs={() => editor.reloadTheirs(written)}
                    onKeepMine={() => void editor.keepMine(written)}
                  />
                ) : null}
                {key === 'one_year_plan' ? (
                  <AnnualGoalsSection teamId={plan.teamId} year={goalsYear} canEdit={canEdit} />
                ) : null}
              </>
            }
          >
            {written ? (
              <SectionView sectionKey={written} content={plan.content} />
            ) : key === 'quarterly_priorities' ? (
              <LivePriorities teamId={plan.teamId} isCompanyPlan={plan.isCompanyPlan} />
            ) : (
              <LiveLongTermIssues teamId={plan.teamId} />
            )}
          </PlanSection>
        );
      })}
    </div>
  );
}
