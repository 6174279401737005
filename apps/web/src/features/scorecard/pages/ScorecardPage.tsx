import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SelectedDepartmentGate } from '../../departments/components/DepartmentGate';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { ScorecardView } from '../components/ScorecardView';

/**
 * The department named by `?teamId=` (the reminder e-mail's and the dashboard's links), when the
 * person belongs to it: the page shows it and the header selects it. Choosing another department in
 * the header afterwards drops it from the address, and the page follows the header again.
 */
function useTeamFromAddress() {
  const [params, setParams] = useSearchParams();
  const { departments, selected, select } = useSelectedDepartment();
  const teamId = params.get('teamId');
  const wanted = departments.find((department) => department.id === teamId) ?? null;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    if (applied.current !== wanted.id) {
      applied.current = wanted.id;
      if (selected?.id !== wanted.id) select(wanted);
      return;
    }
    if (selected && selected.id !== wanted.id) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('teamId');
          return next;
        },
        { replace: true },
      );
    }
  }, [wanted, selected, select, setParams]);
  return wanted;
}

/** /scorecard (and its -original, -redesigned and -debug variants): the scorecard of the department chosen in the header. */
export default function ScorecardPage() {
  const terms = useTerminology();
  const fromAddress = useTeamFromAddress();
  if (fromAddress) return <ScorecardView key={fromAddress.id} teamId={fromAddress.id} teamName={fromAddress.name} />;
  return (
    <SelectedDepartmentGate plural={terms.scorecard_label}>
      {(team) => <ScorecardView key={team.id} teamId={team.id} teamName={team.name} />}
    </SelectedDepartmentGate>
  );
}
