export { createSsoService, type SsoService } from './sso.service.js';
export { createOidcClients } from './sso.oidc.js';
export { ssoRoutes } from './sso.routes.js';
