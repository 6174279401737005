import { RouteDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { IssuesView } from '../components/IssuesView';

/** /departments/:departmentId/issues: one department's issues, whichever department the header shows. */
export default function DepartmentIssuesPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={terms.issues_label}>
      {(team, departments) => (
        <IssuesView key={team.id} teamId={team.id} teamName={team.name} departments={departments} />
      )}
    </RouteDepartmentGate>
  );
}
