export * from '../modules/auth/auth.table.js';
export * from '../modules/organizations/organizations.table.js';
export * from '../modules/teams/teams.table.js';
export * from '../modules/preferences/preferences.table.js';
export * from '../modules/terminology/terminology.table.js';
export * from '../modules/feedback/feedback.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../mail/mail.table.js';
