import { useState } from 'react';
import { Link } from 'react-router';
import Crown from 'lucide-react/icons/crown';
import type { AdminDepartment } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates } from '../../../ui/ListPage';
import { linkClasses } from '../../../ui/TextLink';
import { useTerminology } from '../../terminology/terminology.api';
import { DepartmentDialog } from '../components/DepartmentDialog';
import { DepartmentMembers } from '../components/DepartmentMembers';
import { departmentTree } from '../department-tree';
import { useAllDepartments, useArchiveDepartment } from '../departments.api';
import { termPlural } from '../../terminology/term-words';

type Open =
  | { kind: 'edit'; department: AdminDepartment | null }
  | { kind: 'members'; department: AdminDepartment }
  | { kind: 'archive'; department: AdminDepartment }
  | null;

/** /departments (admins): the organization's departments as a tree, with their members. */
export default function DepartmentsPage() {
  const terms = useTerminology();
  const label = terms.department_label;
  const plural = termPlural(terms, 'department_label');
  usePageMeta({
    title: plural,
    description: `Create, nest and archive ${plural}, and choose who is in each.`,
    robots: 'noindex,nofollow',
  });
  const [showArchived, setShowArchived] = useState(false);
  const active = useAllDepartments(false);
  const archived = useAllDepartments(true);
  const query = showArchived ? archived : active;
  const [open, setOpen] = useState<Open>(null);
  const rows = showArchived
    ? (archived.data ?? []).map((department) => ({ department, depth: 0 }))
    : departmentTree(active.data ?? []);

  return (
    <ListPage
      titleId="departments-title"
      title={plural}
      subtitle={`Create, nest and archive ${plural}, and choose who is in each.`}
      actions={<Button onClick={() => setOpen({ kind: 'edit', department: null })}>New {label}</Button>}
    >
      <Checkbox
        label={`Show archived ${plural}`}
        checked={showArchived}
        onChange={(event) => setShowArchived(event.target.checked)}
      />
      <ListStates
        query={query}
        loadingLabel={`Loading ${plural}`}
        errorFallback={`The ${plural} could not be loaded.`}
        isEmpty={rows.length === 0}
        empty={<EmptyNote>{showArchived ? `No archived ${plural}.` : `No ${plural} yet.`}</EmptyNote>}
      >
        <ul className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`} aria-label={plural}>
          {rows.map(({ department, depth }) => (
            <li
              key={department.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              style={{ paddingLeft: `${1 + depth * 1.5}rem` }}
            >
              <div className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border border-slate-300"
                  style={{ backgroundColor: department.color ?? 'transparent' }}
                />
                {department.isLeadershipTeam ? (
                  <Crown aria-label="Leadership team" role="img" className="size-4 shrink-0 text-amber-600" />
                ) : null}
                <Link to={`/departments/${department.id}`} className={`${linkClasses} truncate`}>
                  {department.name}
                </Link>
                <span className="shrink-0 text-sm text-slate-600 dark:text-slate-300">
                  {department.memberCount === 1 ? '1 member' : `${department.memberCount} members`}
                </span>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'members', department })}>
                  Members
                </Button>
                {showArchived ? null : (
                  <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'edit', department })}>
                    Edit
                  </Button>
                )}
                {department.isLeadershipTeam ? null : (
                  <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'archive', department })}>
                    {showArchived ? 'Restore' : 'Archive'}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListStates>
      {open?.kind === 'edit' ? (
        <DepartmentDialog
          department={open.department}
          departments={active.data ?? []}
          label={label}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'members' ? (
        <DepartmentMembers department={open.department} label={label} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'archive' ? (
        <ArchiveDialog department={open.department} label={label} onClose={() => setOpen(null)} />
      ) : null}
    </ListPage>
  );
}

function ArchiveDialog({
  department,
  label,
  onClose,
}: {
  department: AdminDepartment;
  label: string;
  onClose: () => void;
}) {
  const archive = useArchiveDepartment();
  const restoring = department.archivedAt !== null;
  const verb = restoring ? 'Restore' : 'Archive';
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${verb} ${department.name}?`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={restoring ? 'primary' : 'danger'}
            loading={archive.isPending}
            onClick={() =>
              archive.mutate(
                { id: department.id, version: department.version, archive: !restoring },
                { onSuccess: onClose },
              )
            }
          >
            {verb}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
        {archive.isError ? (
          <Banner tone="error">{errorText(archive.error, `The ${label} could not be changed.`)}</Banner>
        ) : null}
        <p>
          {restoring
            ? `${department.name} comes back in every ${label} list, with its members and items.`
            : `${department.name} leaves every ${label} list. Its members and items are kept, and you can restore it later.`}
        </p>
      </div>
    </Dialog>
  );
}
