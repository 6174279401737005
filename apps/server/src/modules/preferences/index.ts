export { createPreferencesService, type PreferencesService } from './preferences.service.js';
export { preferencesRoutes } from './preferences.routes.js';
