import { useState } from 'react';
import { businessPlanSectionTitle, type BusinessPlan, type BusinessPlanContent } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useTerminology } from '../../terminology/terminology.api';
import { useBusinessPlanVersion, useBusinessPlanVersions, useRestoreBusinessPlan } from '../business-plan.api';
import { compareContents, isWrittenSection } from '../plan-content';
import { SectionView } from './SectionFields';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What changed between two versions, section by section. */
export function VersionComparison({ older, newer }: { older: BusinessPlanContent; newer: BusinessPlanContent }) {
  const terms = useTerminology();
  const sections = compareContents(older, newer);
  if (sections.length === 0) return <p className="text-sm">These two versions are the same.</p>;
  return (
    <div className="space-y-3">
      {sections.map(({ key, changes }) => {
        const settings = newer.sections.find((section) => section.key === key)!;
        return (
          <section key={key} aria-label={businessPlanSectionTitle(settings, terms)}>
            <h4 className="font-semibold">{businessPlanSectionTitle(settings, terms)}</h4>
            <ul className="list-disc space-y-0.5 pl-5 text-sm wrap-anywhere">
              {changes.map((change, index) => (
                <li key={index}>{change}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function VersionContent({ content }: { content: BusinessPlanContent }) {
  const terms = useTerminology();
  return (
    <div className="space-y-3">
      {content.sections
        .filter((section) => isWrittenSection(section.key))
        .map((section) => (
          <section key={section.key} aria-label={businessPlanSectionTitle(section, terms)}>
            <h4 className="font-semibold">
              {businessPlanSectionTitle(section, terms)}
              {section.hidden ? ' (hidden)' : ''}
            </h4>
            {isWrittenSection(section.key) ? <SectionView sectionKey={section.key} content={content} /> : null}
          </section>
        ))}
    </div>
  );
}

/** The plan's saved versions: view one, compare two, restore an older one (as a new version: nothing is lost). */
export function PlanHistory({ plan, onClose }: { plan: BusinessPlan; onClose: () => void }) {
  const versions = useBusinessPlanVersions(plan.teamId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [compared, setCompared] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useRestoreBusinessPlan();
  const viewed = useBusinessPlanVersion(plan.teamId, viewing);
  const [first, second] = [...compared].sort((a, b) => a - b);
  const older = useBusinessPlanVersion(plan.teamId, first ?? null);
  const newer = useBusinessPlanVersion(plan.teamId, second ?? null);
  const items = versions.data?.pages.flatMap((page) => page.data) ?? [];

  const toggleCompared = (version: number, on: boolean) =>
    setCompared((all) =>
      on ? [...all.filter((other) => other !== version), version].slice(-2) : all.filter((other) => other !== version),
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="History of the plan" size="lg">
      <div className="space-y-4">
        {versions.isPending ? (
          <Spinner label="Loading" className="size-5" />
        ) : versions.isError ? (
          <Banner tone="error">
            {errorText(versions.error, 'The history could not be loaded. Please try again.')}
          </Banner>
        ) : items.length === 0 ? (
          <p className="text-sm">No versions yet: the first save makes version 1.</p>
        ) : (
          <ul aria-label="Versions" className="divide-y divide-slate-200 dark:divide-slate-700">
            {items.map((item) => (
              <li key={item.version} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold">Version {item.version}</span>
                  {item.version === plan.version ? ' (current)' : ''} · {when(item.createdAt)} ·{' '}
                  {item.createdBy?.name ?? 'a former member'}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <Checkbox
                    label={`Compare version ${item.version}`}
                    checked={compared.includes(item.version)}
                    onChange={(event) => toggleCompared(item.version, event.target.checked)}
                  />
                  <Button size="sm" variant="secondary" onClick={() => setViewing(item.version)}>
                    View version {item.version}
                  </Button>
                  {plan.canEdit && item.version !== plan.version ? (
                    <Button size="sm" onClick={() => setRestoring(item.version)}>
                      Restore version {item.version}
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {versions.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            loading={versions.isFetchingNextPage}
            onClick={() => void versions.fetchNextPage()}
          >
            Show older versions
          </Button>
        ) : null}
        {restore.isError ? (
          <Banner tone="error">
            {errorText(restore.error, 'The version could not be restored. Please try again.')}
          </Banner>
        ) : null}
        {first !== undefined && second !== undefined ? (
          <section
            aria-label="Comparison"
            className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <h3 className="font-semibold">
              What changed from version {first} to version {second}
            </h3>
            {older.data && newer.data ? (
              <VersionComparison older={older.data.content} newer={newer.data.content} />
            ) : (
              <Spinner label="Loading" className="size-5" />
            )}
          </section>
        ) : compared.length === 1 ? (
          <p className="text-sm">Choose one more version to compare.</p>
        ) : null}
        {viewing !== null ? (
          <section
            aria-label={`Version ${viewing}`}
            className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <h3 className="font-semibold">Version {viewing}</h3>
            {viewed.data ? (
              <VersionContent content={viewed.data.content} />
            ) : (
              <Spinner label="Loading" className="size-5" />
            )}
          </section>
        ) : null}
      </div>
      {restoring !== null ? (
        <ConfirmDialog
          title={`Restore version ${restoring}?`}
          confirmLabel={`Restore version ${restoring}`}
          busy={restore.isPending}
          onCancel={() => setRestoring(null)}
          onConfirm={() =>
            restore.mutate(
              { teamId: plan.teamId, version: plan.version, restoreVersion: restoring },
              { onSettled: () => setRestoring(null) },
            )
          }
        >
          Its content becomes the plan’s next version. The current version stays in the history: nothing is lost.
        </ConfirmDialog>
      ) : null}
    </Dialog>
  );
}
