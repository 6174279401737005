export { insertAuditEvent as recordAuditEvent, type AuditEntry } from './audit.repository.js';
export { listAuditActions, listAuditEvents, type AuditRow } from './audit-log.repository.js';
