import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useTerminology } from '../../terminology/terminology.api';
import { meetingsLabel } from '../../terminology/term-words';
import { TeamMeetingsView } from '../components/TeamMeetingsView';

/** /meetings: the meetings of the department chosen in the header. */
export default function MeetingsPage() {
  const terms = useTerminology();
  return (
    <SelectedDepartmentGate plural={meetingsLabel(terms)}>
      {(team) => <TeamMeetingsView key={team.id} teamId={team.id} teamName={team.name} />}
    </SelectedDepartmentGate>
  );
}
