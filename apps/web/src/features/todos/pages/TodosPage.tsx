import { Spinner } from '../../../ui/Spinner';
import { Banner } from '../../../ui/Banner';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { TodosView } from '../components/TodosView';

/** /todos: the to-dos of the department chosen in the header. */
export default function TodosPage() {
  const { query, departments, selected } = useSelectedDepartment();
  const terms = useTerminology();
  if (query.isPending) return <Spinner className="size-6" label={`Loading ${terms.todos_label.toLowerCase()}`} />;
  if (query.isError)
    return <Banner tone="error">Your {terms.department_label.toLowerCase()}s could not be loaded.</Banner>;
  if (!selected) {
    return (
      <Banner tone="info">
        You are not in any {terms.department_label.toLowerCase()} yet, so there are no {terms.todos_label.toLowerCase()}{' '}
        to show.
      </Banner>
    );
  }
  return <TodosView teamId={selected.id} teamName={selected.name} departments={departments} />;
}
