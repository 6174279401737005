import { Banner } from '../../../ui/Banner';
import { Spinner } from '../../../ui/Spinner';
import { useSelectedDepartment } from '../../departments/departments.api';
import { useTerminology } from '../../terminology/terminology.api';
import { IssuesView } from '../components/IssuesView';

/** /issues: the issues of the department chosen in the header. */
export default function IssuesPage() {
  const { query, departments, selected } = useSelectedDepartment();
  const terms = useTerminology();
  if (query.isPending) return <Spinner className="size-6" label={`Loading ${terms.issues_label.toLowerCase()}`} />;
  if (query.isError)
    return <Banner tone="error">Your {terms.department_label.toLowerCase()}s could not be loaded.</Banner>;
  if (!selected) {
    return (
      <Banner tone="info">
        You are not in any {terms.department_label.toLowerCase()} yet, so there are no{' '}
        {terms.issues_label.toLowerCase()} to show.
      </Banner>
    );
  }
  return <IssuesView key={selected.id} teamId={selected.id} teamName={selected.name} departments={departments} />;
}
