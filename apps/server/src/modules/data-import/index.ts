// The import of an organization's export archive: checked through, then restored into a new organization owned by
// the importer in one transaction, ids given anew, people matched by e-mail or made invited members.
export { createDataImportService, type DataImportService } from './data-import.service.js';
export { dataImportRoutes } from './data-import.routes.js';
