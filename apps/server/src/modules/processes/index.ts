export { createProcessesService, type ProcessesService } from './processes.service.js';
export { createProcessPdfService, type ProcessPdfService } from './processes.pdf.js';
export { processesRoutes } from './processes.routes.js';
export { defineProcessReviewReminders, runProcessReviewReminders } from './processes.reminders.job.js';
export { processTitles } from './processes.repository.js';
