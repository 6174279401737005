import { createDocumentFilesService } from './documents.files.service.js';
import { createDocumentFoldersService } from './documents.folders.service.js';
import { createDocumentCatalogService, type DocumentsServiceDeps } from './documents.service.js';

/** The module's use cases: the catalog (list, read, change, link), the files and their versions, the folders. */
export function createDocumentsService(deps: DocumentsServiceDeps) {
  return {
    documents: createDocumentCatalogService(deps),
    files: createDocumentFilesService(deps),
    folders: createDocumentFoldersService(deps),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
