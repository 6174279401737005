import { RouteDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { ScorecardView } from '../components/ScorecardView';

/** /departments/:departmentId/scorecard: one department's scorecard, whichever department the header shows. */
export default function DepartmentScorecardPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={terms.scorecard_label}>
      {(team) => <ScorecardView key={team.id} teamId={team.id} teamName={team.name} />}
    </RouteDepartmentGate>
  );
}
