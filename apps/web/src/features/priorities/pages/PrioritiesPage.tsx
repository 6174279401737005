import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { PrioritiesView } from '../components/PrioritiesView';

/** /quarterly-priorities (and its variants): the priorities of the department chosen in the header. */
export default function PrioritiesPage() {
  const terms = useTerminology();
  return (
    <SelectedDepartmentGate plural={terms.priorities_label}>
      {(team) => <PrioritiesView key={team.id} teamId={team.id} teamName={team.name} />}
    </SelectedDepartmentGate>
  );
}
