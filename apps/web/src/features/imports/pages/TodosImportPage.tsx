import { ImportWizard } from '../components/ImportWizard';

/** /admin/import-todos: to-dos, an administrator's tool (the route guard and the server both check). */
export default function TodosImportPage() {
  return <ImportWizard kind="todos" listPath="/todos" />;
}
