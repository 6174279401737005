import { useParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner';
import { useMyDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { IssuesView } from '../components/IssuesView';

/** /departments/:departmentId/issues: one department's issues, whichever department the header shows. */
export default function DepartmentIssuesPage() {
  const { departmentId = '' } = useParams();
  const departments = useMyDepartments();
  const terms = useTerminology();
  if (departments.isPending)
    return <Spinner className="size-6" label={`Loading ${terms.issues_label.toLowerCase()}`} />;
  const list = departments.data?.departments ?? [];
  const department = list.find((candidate) => candidate.id === departmentId);
  return (
    <IssuesView
      key={departmentId}
      teamId={departmentId}
      teamName={department?.name ?? terms.department_label}
      departments={list}
    />
  );
}
