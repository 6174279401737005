export { registerRevisionCache, type RevisionCacheOptions } from './revision-cache.plugin.js';
export { createResponseCache, type ResponseCache } from './response-cache.js';
export { readRevision } from './revisions.repository.js';
