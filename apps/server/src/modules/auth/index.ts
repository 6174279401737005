export { createAuthService, type AuthService } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
export { createAccessTokens, type AccessClaims, type AccessTokens } from './tokens.js';
export { users } from './auth.table.js';
