import { RouteDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { PrioritiesView } from '../components/PrioritiesView';

/** /departments/:departmentId/priorities: one department's priorities, whichever the header shows. */
export default function DepartmentPrioritiesPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={terms.priorities_label}>
      {(team) => <PrioritiesView key={team.id} teamId={team.id} teamName={team.name} />}
    </RouteDepartmentGate>
  );
}
