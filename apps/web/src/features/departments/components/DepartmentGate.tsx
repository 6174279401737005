import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Department } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { useTerminology } from '../../terminology/terminology.api';
import { useMyDepartments, useSelectedDepartment } from '../departments.api';
import { termPlural } from '../../terminology/term-words';

interface GateProps {
  /** What the page lists, as the organization names it (e.g. terms.todos_label). */
  plural: string;
  children: (team: { id: string; name: string }, departments: Department[]) => ReactNode;
}

/** The page of the department chosen in the header, once the person's departments are known. */
export function SelectedDepartmentGate({ plural, children }: GateProps) {
  const { query, departments, selected } = useSelectedDepartment();
  const terms = useTerminology();
  if (query.isPending) return <Spinner className="size-6" label={`Loading ${plural}`} />;
  if (query.isError)
    return <Banner tone="error">Your {termPlural(terms, 'department_label')} could not be loaded.</Banner>;
  if (!selected) {
    return (
      <Banner tone="info">
        You are not in any {terms.department_label} yet, so there are no {plural} to show.
      </Banner>
    );
  }
  return <>{children(selected, departments)}</>;
}

/** The page of the department named by the route's :departmentId, whichever department the header shows. */
export function RouteDepartmentGate({ plural, children }: GateProps) {
  const { departmentId = '' } = useParams();
  const departments = useMyDepartments();
  const terms = useTerminology();
  if (departments.isPending) return <Spinner className="size-6" label={`Loading ${plural}`} />;
  const list = departments.data?.departments ?? [];
  const department = list.find((candidate) => candidate.id === departmentId);
  return <>{children({ id: departmentId, name: department?.name ?? terms.department_label }, list)}</>;
}
