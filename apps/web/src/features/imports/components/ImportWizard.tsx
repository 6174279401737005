import { useState } from 'react';
import { Link } from 'react-router';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MILESTONE_IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportOwnerChoices,
  type ImportPreview,
} from '@keel/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { Button, buttonClasses } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/FormFields';
import { useSelectedDepartment } from '../../departments/departments.api';
import { usePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useCommitImport, usePreviewImport, type ImportProgressState } from '../imports.api';
import { ColumnUse } from './ColumnUse';
import { FilePicker } from './FilePicker';
import { ImportCommitState, IMPORT_BLOCKED_ID } from './ImportCommitState';
import { ImportResultPanel } from './ImportResultPanel';
import { MappingFields, type MappingChange } from './MappingFields';
import { OwnerChoices, undecidedOwners } from './OwnerChoices';
import { PreviewReading } from './PreviewParts';
import { PreviewTable } from './PreviewTable';
import { RowErrors } from './RowErrors';
import { countOf } from '../../../lib/words';

interface ImportWizardProps {
  kind: ImportKind;
  /** Where the imported objects are listed. */
  listPath: string;
}

/** The mapping the preview used, with the owners chosen, as the request for the next preview or the commit. */
const requestOf = (mapping: ImportPreview['mapping'], owners: ImportOwnerChoices): ImportMapping => ({
  sheet: mapping.sheet,
  columns: mapping.columns,
  milestoneSheet: mapping.milestoneSheet,
  ...(mapping.milestoneSheet ? { milestoneColumns: mapping.milestoneColumns } : {}),
  ...(Object.keys(owners).length > 0 ? { owners } : {}),
});

function changed(mapping: ImportPreview['mapping'], owners: ImportOwnerChoices, change: MappingChange): ImportMapping {
  const base = requestOf(mapping, owners);
  const kept = Object.keys(owners).length > 0 ? { owners } : {};
  // A new sheet has other headers: its columns are suggested afresh.
  if (change.part === 'sheet') return { sheet: change.sheet, milestoneSheet: mapping.milestoneSheet, ...kept };
  if (change.part === 'milestoneSheet')
    return { sheet: mapping.sheet, columns: mapping.columns, milestoneSheet: change.sheet, ...kept };
  return { ...base, [change.part]: { ...(base[change.part] ?? {}), [change.field]: change.header } };
}

const problemsHeading = (count: number) =>
  `${count === 1 ? '1 problem' : `${count.toLocaleString()} problems`}: rows with one are left out of the import`;

/**
 * One import, for to-dos, issues or priorities: team, file, column mapping with a live preview,
 * every column's use, every row's problems (such rows are left out) and a choice of owner for names
 * matching no member; then the import itself with the server's progress, then its result on top.
 */
export function ImportWizard({ kind, listPath }: ImportWizardProps) {
  const terms = useTerminology();
  const plural = { todos: terms.todos_label, issues: terms.issues_label, priorities: terms.priorities_label }[kind];
  const singular = { todos: terms.todo_singular, issues: terms.issue_singular, priorities: terms.priority_singular }[
    kind
  ];
  const title = `Import ${plural}`;
  usePageMeta({ title, description: `Import ${plural} from a CSV or Excel file`, robots: 'noindex,nofollow' });
  const { departments, selected } = useSelectedDepartment();
  const people = usePeople();
  const [owners, setOwners] = useState<ImportOwnerChoices>({});
  const [chosenTeamId, setChosenTeamId] = useState<string | null>(null);
  const teamId = chosenTeamId ?? selected?.id ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const preview = usePreviewImport(kind);
  const commit = useCommitImport(kind, setProgress);
  // The last good preview stays on screen while a changed mapping is checked again (no flicker, no lost focus).
  const [data, setData] = useState<ImportPreview | null>(null);

  const check = (next: { file: File | null; teamId: string | null; mapping?: ImportMapping }) => {
    commit.reset();
    if (next.file && next.teamId) {
      preview.mutate({ file: next.file, teamId: next.teamId, mapping: next.mapping }, { onSuccess: setData });
    }
  };
  const busy = preview.isPending || commit.isPending;
  const done = commit.data;

  const importNow = () => {
    if (!file || !teamId || !data) return;
    setProgress(null);
    commit.mutate({ file, teamId, mapping: requestOf(data.mapping, owners) });
  };
  const undecided = data ? undecidedOwners(data.unmatchedOwners, owners) : [];
  const milestonesLabel = kind === 'priorities' ? terms.milestones_label : null;
  const fieldLabel = (field: string, part: 'main' | 'milestones') =>
    part === 'milestones' && field === 'priority'
      ? terms.priority_singular
      : (IMPORT_FIELD_LABELS[field as ImportField] ?? field);

  return (
    <section aria-labelledby="import-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header>
        <h1 id="import-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          From a CSV or Excel workbook, including the exports of other tools. Nothing is saved until you import; rows
          with a problem are left out and listed, never dropped unseen.
        </p>
      </header>

      {done && data ? (
        <ImportResultPanel
          result={done}
          mainSheet={data.mapping.sheet}
          singular={singular}
          plural={plural}
          milestonesLabel={milestonesLabel}
          listPath={listPath}
        />
      ) : null}

      <Card className="grid gap-4">
        <SelectField
          label={`${terms.department_label} for rows without a Team column`}
          value={teamId ?? ''}
          disabled={busy}
          onChange={(event) => {
            setChosenTeamId(event.target.value);
            check({ file, teamId: event.target.value, ...(data ? { mapping: requestOf(data.mapping, owners) } : {}) });
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
          // Rows need a team to land in: the file waits until the departments have loaded.
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

      {data && !preview.isError && !done ? (
        <>
          <Card className="grid gap-4">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">
              {data.fileName}: {data.totalRows.toLocaleString()} rows
              {data.milestoneRows > 0 ? `, ${data.milestoneRows.toLocaleString()} ${terms.milestones_label}` : ''}
            </h2>
            <MappingFields
              preview={data}
              fields={IMPORT_FIELDS[kind]}
              milestoneFields={kind === 'priorities' ? MILESTONE_IMPORT_FIELDS : null}
              prioritySingular={terms.priority_singular}
              milestonesLabel={terms.milestones_label}
              disabled={busy}
              onChange={(change) => check({ file, teamId, mapping: changed(data.mapping, owners, change) })}
            />
            <ColumnUse preview={data} labelOf={fieldLabel} />
          </Card>
          <PreviewTable preview={data} caption={`First rows of ${data.fileName}`} />
          {data.unmatchedOwners.length > 0 ? (
            <Card>
              <OwnerChoices
                owners={data.unmatchedOwners}
                choices={owners}
                people={people.data ?? []}
                disabled={busy}
                onChange={(next) => {
                  setOwners(next);
                  check({ file, teamId, mapping: requestOf(data.mapping, next) });
                }}
              />
            </Card>
          ) : null}
          {data.errorCount > 0 ? (
            <RowErrors
              errors={data.errors}
              count={data.errorCount}
              mainSheet={data.mapping.sheet}
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
              Import {countOf(data.importableRows, singular, plural)}
              {milestonesLabel && data.importableMilestones > 0
                ? ` with ${data.importableMilestones.toLocaleString()} ${milestonesLabel}`
                : ''}
            </Button>
            <Link to={listPath} className={buttonClasses('secondary')}>
              Cancel
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}
