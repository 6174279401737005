import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { IssuesView } from '../components/IssuesView';

/** /issues: the issues of the department chosen in the header. */
export default function IssuesPage() {
  const terms = useTerminology();
  return (
    <SelectedDepartmentGate plural={terms.issues_label}>
      {(team, departments) => (
        <IssuesView key={team.id} teamId={team.id} teamName={team.name} departments={departments} />
      )}
    </SelectedDepartmentGate>
  );
}
