import { useState } from 'react';
import { Link } from 'react-router';
import {
  SCORECARD_IMPORT_FIELD_LABELS,
  type ImportOwnerChoices,
  type ScorecardImportMapping,
  type ScorecardImportPreview as Preview,
  type ScorecardImportResult,
} from '@keel/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button, buttonClasses } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/FormFields';
import { useSelectedDepartment } from '../../departments/departments.api';
import { FilePicker } from '../../imports/components/FilePicker';
import { ImportCommitState, IMPORT_BLOCKED_ID } from '../../imports/components/ImportCommitState';
import { OwnerChoices, undecidedOwners } from '../../imports/components/OwnerChoices';
import { PreviewReading } from '../../imports/components/PreviewParts';
import { RowErrors } from '../../imports/components/RowErrors';
import type { ImportProgressState } from '../../imports/import-stream';
import { usePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { ScorecardImportPreview, type ScorecardMappingChange } from '../components/ScorecardImportPreview';
import { useCommitScorecardImport, usePreviewScorecardImport } from '../scorecard-import.api';

/** The mapping the preview used (with the owners chosen) as the request for the next preview or the import. */
function requestOf(
  preview: Preview,
  owners: ImportOwnerChoices,
  change?: ScorecardMappingChange,
): ScorecardImportMapping {
  const columns = Object.fromEntries(
    Object.entries(preview.columns).filter(([field]) => field in SCORECARD_IMPORT_FIELD_LABELS),
  ) as ScorecardImportMapping['columns'];
  const mapping: ScorecardImportMapping = {
    sheet: preview.sheet,
    columns,
    ...(preview.frequencySource === 'mapping' ? { frequency: preview.frequency } : {}),
    ...(Object.keys(owners).length > 0 ? { owners } : {}),
  };
  if (!change) return mapping;
  // Another sheet has other headers: its columns are suggested afresh.
  if (change.part === 'sheet') return { sheet: change.sheet, ...(mapping.owners ? { owners: mapping.owners } : {}) };
  if (change.part === 'column') return { ...mapping, columns: { ...columns, [change.field]: change.header } };
  const { frequency: _previous, ...rest } = mapping;
  return change.frequency ? { ...rest, frequency: change.frequency } : rest;
}

const problemsHeading = (count: number) =>
  `${count === 1 ? '1 problem' : `${count.toLocaleString()} problems`}: rows with one are left out of the import`;

/** /admin/import-scorecard: measurables and their history from CSV or Excel (Ninety's export too); administrators only. */
export default function ImportScorecardPage() {
  const terms = useTerminology();
  const title = `Import ${terms.scorecard_label}`;
  usePageMeta({
    title,
    description: `Import ${terms.scorecard_label} from a CSV or Excel file`,
    robots: 'noindex,nofollow',
  });
  const { departments, selected } = useSelectedDepartment();
  const people = usePeople();
  const [chosenTeamId, setChosenTeamId] = useState<string | null>(null);
  const teamId = chosenTeamId ?? selected?.id ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [owners, setOwners] = useState<ImportOwnerChoices>({});
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const preview = usePreviewScorecardImport();
  const commit = useCommitScorecardImport(setProgress);
  // The last good preview stays while a changed mapping is checked again (no flicker, no lost focus).
  const [data, setData] = useState<Preview | null>(null);
  const busy = preview.isPending || commit.isPending;

  const check = (next: { file: File | null; teamId: string | null; mapping?: ScorecardImportMapping }) => {
    commit.reset();
    if (next.file && next.teamId) {
      preview.mutate({ file: next.file, teamId: next.teamId, mapping: next.mapping }, { onSuccess: setData });
    }
  };
  const importNow = () => {
    if (!file || !teamId || !data) return;
    setProgress(null);
    commit.mutate({ file, teamId, mapping: requestOf(data, owners) });
  };
  const undecided = data ? undecidedOwners(data.unmatchedOwners, owners) : [];

  return (
    <section aria-labelledby="import-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header>
        <h1 id="import-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Measurables and their history from a CSV or Excel workbook: Ninety’s scorecard export, or a sheet with one row
          per measurable and a column per week or month. Nothing is saved until you import, and then everything is saved
          at once.
        </p>
      </header>

      {commit.data ? <ImportResult result={commit.data} /> : null}

      <Card className="grid gap-4">
        <SelectField
          label={`${terms.department_label} the measurables join`}
          value={teamId ?? ''}
          disabled={busy}
          onChange={(event) => {
            setChosenTeamId(event.target.value);
            check({ file, teamId: event.target.value, ...(data ? { mapping: requestOf(data, owners) } : {}) });
          }}
        >
          {departments.map((department) => (
            <option key={department.id} value={department.id}>
              {department.name}
            </option>
          ))}
        </SelectField>
        <FilePicker
          file={file}
          disabled={busy || !teamId}
          onFile={(picked) => {
            setFile(picked);
            setData(null);
            setOwners({});
            check({ file: picked, teamId });
          }}
        />
      </Card>

      <PreviewReading preview={preview} hasData={Boolean(data)} />

      {data && !preview.isError && !commit.data ? (
        <>
          <Card className="grid gap-4">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">What the file holds</h2>
            <ScorecardImportPreview
              preview={data}
              disabled={busy}
              onChange={(change) => check({ file, teamId, mapping: requestOf(data, owners, change) })}
            />
          </Card>
          {data.unmatchedOwners.length > 0 ? (
            <Card>
              <OwnerChoices
                owners={data.unmatchedOwners}
                choices={owners}
                people={people.data ?? []}
                disabled={busy}
                onChange={(next) => {
                  setOwners(next);
                  check({ file, teamId, mapping: requestOf(data, next) });
                }}
              />
            </Card>
          ) : null}
          {data.errorCount > 0 ? (
            <RowErrors
              errors={data.errors}
              count={data.errorCount}
              mainSheet={data.sheet}
              labels={SCORECARD_IMPORT_FIELD_LABELS}
              heading={problemsHeading(data.errorCount)}
            />
          ) : null}
          <ImportCommitState
            error={commit.error}
            pending={commit.isPending}
            progress={progress}
            undecided={undecided.length}
            importableRows={data.importableRows}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={importNow}
              disabled={data.importableRows === 0 || undecided.length > 0 || busy}
              aria-describedby={undecided.length > 0 || data.importableRows === 0 ? IMPORT_BLOCKED_ID : undefined}
              loading={commit.isPending}
            >
              Import {countOf(data.importableRows, 'measurable', 'measurables')} with{' '}
              {countOf(data.valueCount, 'value', 'values')}
            </Button>
            <Link to="/scorecard" className={buttonClasses('secondary')}>
              Cancel
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}

function ImportResult({ result }: { result: ScorecardImportResult }) {
  const terms = useTerminology();
  const { departments, selected, select } = useSelectedDepartment();
  // /scorecard shows the selected department: the one imported into is selected first.
  const selectTeam = () => {
    const department = departments.find((candidate) => candidate.id === result.teamId);
    if (department && department.id !== selected?.id) select(department);
  };
  return (
    <div className="grid gap-3">
      <Banner tone="success" title="Import finished">
        <p>
          {countOf(result.created, 'measurable', 'measurables')} and {countOf(result.values, 'value', 'values')}{' '}
          imported ({result.frequency})
          {result.groupsCreated > 0 ? `, ${countOf(result.groupsCreated, 'group', 'groups')} created` : ''}.
          {result.skippedRows > 0 ? ` ${countOf(result.skippedRows, 'row was', 'rows were')} left out.` : ''}
        </p>
        <Link
          to={`/scorecard?${new URLSearchParams({ teamId: result.teamId }).toString()}`}
          onClick={selectTeam}
          className="mt-1 inline-block font-medium underline"
        >
          Open the {terms.scorecard_label}
        </Link>
      </Banner>
      {result.skipped.length > 0 ? (
        <RowErrors
          errors={result.skipped}
          count={result.skippedRows}
          mainSheet={result.skipped[0]?.sheet ?? ''}
          labels={SCORECARD_IMPORT_FIELD_LABELS}
          heading={`${countOf(result.skippedRows, 'row', 'rows')} left out`}
        />
      ) : null}
    </div>
  );
}
