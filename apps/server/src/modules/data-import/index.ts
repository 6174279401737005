// The import of an organization's export archive, by a background job: checked through, then restored into a new
// organization owned by the importer in one transaction, ids given anew, people found by e-mail or given an
// account, and those who were members invited to join.
export { createDataImportService, type DataImportService } from './data-import.service.js';
export { dataImportRoutes } from './data-import.routes.js';
export { defineDataImport } from './data-import.job.js';
