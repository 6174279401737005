import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { TodosView } from '../components/TodosView';

/** /todos: the to-dos of the department chosen in the header. */
export default function TodosPage() {
  const terms = useTerminology();
  return (
    <SelectedDepartmentGate plural={terms.todos_label}>
      {(team, departments) => <TodosView teamId={team.id} teamName={team.name} departments={departments} />}
    </SelectedDepartmentGate>
  );
}
