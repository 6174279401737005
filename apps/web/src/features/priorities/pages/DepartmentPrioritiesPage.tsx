import { useParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner';
import { useMyDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { PrioritiesView } from '../components/PrioritiesView';

/** /departments/:departmentId/priorities: one department's priorities, whichever the header shows. */
export default function DepartmentPrioritiesPage() {
  const { departmentId = '' } = useParams();
  const departments = useMyDepartments();
  const terms = useTerminology();
  if (departments.isPending)
    return <Spinner className="size-6" label={`Loading ${terms.priorities_label.toLowerCase()}`} />;
  const department = departments.data?.departments.find((candidate) => candidate.id === departmentId);
  return (
    <PrioritiesView key={departmentId} teamId={departmentId} teamName={department?.name ?? terms.department_label} />
  );
}
