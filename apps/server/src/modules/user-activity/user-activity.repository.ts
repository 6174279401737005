// The audit log belongs to the audit module; this module's use cases read it through these.
export { listAuditActions, listAuditEvents, type AuditRow } from '../audit/index.js';
