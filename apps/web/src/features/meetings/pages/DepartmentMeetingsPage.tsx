import { RouteDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { meetingsLabel } from '../../terminology/term-words';
import { TeamMeetingsView } from '../components/TeamMeetingsView';

/** /departments/:departmentId/meetings: one department's meetings, whichever department the header shows. */
export default function DepartmentMeetingsPage() {
  const terms = useTerminology();
  return (
    <RouteDepartmentGate plural={meetingsLabel(terms)}>
      {(team) => <TeamMeetingsView key={team.id} teamId={team.id} teamName={team.name} />}
    </RouteDepartmentGate>
  );
}
