// Documents: folders, uploaded files with their versions, links to files in cloud drives, and their links to items.
export { createDocumentsService, type DocumentsService } from './documents.module.js';
export type { DocumentsServiceDeps } from './documents.service.js';
export { documentsRoutes } from './documents.routes.js';
