import { ImportWizard } from '../components/ImportWizard';

/** /issues/import: issues (Ninety's issues export included). */
export default function IssuesImportPage() {
  return <ImportWizard kind="issues" listPath="/issues" />;
}
