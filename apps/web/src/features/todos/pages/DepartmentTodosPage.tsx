import { RouteDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { TodosView } from '../components/TodosView';

/** /departments/:departmentId/todos: one department's to-dos, whichever department the header shows. */
export default function DepartmentTodosPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={terms.todos_label}>
      {(team, departments) => (
        <TodosView key={team.id} teamId={team.id} teamName={team.name} departments={departments} />
      )}
    </RouteDepartmentGate>
  );
}
