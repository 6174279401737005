import { ImportWizard } from '../components/ImportWizard';

/** /priorities/import: quarterly priorities and their milestones (Ninety's rocks workbook included). */
export default function PrioritiesImportPage() {
  return <ImportWizard kind="priorities" listPath="/quarterly-priorities" />;
}
