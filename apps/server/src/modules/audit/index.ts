export { insertAuditEvent as recordAuditEvent, type AuditEntry } from './audit.repository.js';
