export {
  createStoredFilesService,
  type PlacedCopy,
  type StoredFile,
  type StoredFilesService,
} from './stored-files.service.js';
export { createStorageSettingsService, type StorageSettingsService } from './storage.service.js';
export { createStorageOAuthService, type StorageOAuthService } from './storage.oauth.service.js';
export { storageRoutes } from './storage.routes.js';
export { defineStorageMove, runStorageMove, type StorageMoveDeps } from './storage-move.job.js';
export { driversOfStoredFiles } from './storage.repository.js';
export { inFeatureWords } from './storage.errors.js';
