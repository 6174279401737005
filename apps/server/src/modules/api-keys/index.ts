// API keys: an organization's keys (made, listed, revoked by admins), each acting through an account of its own
// that can never sign in; the gate the HTTP layer checks a presented key with.
export { createApiKeyGate, type ApiKeyGate } from './api-keys.gate.js';
export { createApiKeysService, type ApiKeysService } from './api-keys.service.js';
export { apiKeysRoutes } from './api-keys.routes.js';
