import { useParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner';
import { useMyDepartments } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { TodosView } from '../components/TodosView';

/** /departments/:departmentId/todos: one department's to-dos, whichever department the header shows. */
export default function DepartmentTodosPage() {
  const { departmentId = '' } = useParams();
  const departments = useMyDepartments();
  const terms = useTerminology();
  if (departments.isPending) return <Spinner className="size-6" label={`Loading ${terms.todos_label.toLowerCase()}`} />;
  const list = departments.data?.departments ?? [];
  const department = list.find((candidate) => candidate.id === departmentId);
  return (
    <TodosView
      key={departmentId}
      teamId={departmentId}
      teamName={department?.name ?? terms.department_label}
      departments={list}
    />
  );
}
