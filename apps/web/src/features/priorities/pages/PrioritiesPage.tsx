import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { PrioritiesView } from '../components/PrioritiesView';

/** /quarterly-priorities (and its variants): the priorities of the department chosen in the header. */
export default function PrioritiesPage() {
  const { query, selected } = useSelectedDepartment();
  const terms = useTerminology();
  if (query.isPending) return <Spinner className="size-6" label={`Loading ${terms.priorities_label.toLowerCase()}`} />;
  if (query.isError)
    return <Banner tone="error">Your {terms.department_label.toLowerCase()}s could not be loaded.</Banner>;
  if (!selected) {
    return (
      <Banner tone="info">
        You are not in any {terms.department_label.toLowerCase()} yet, so there are no{' '}
        {terms.priorities_label.toLowerCase()} to show.
      </Banner>
    );
  }
  return <PrioritiesView key={selected.id} teamId={selected.id} teamName={selected.name} />;
}
