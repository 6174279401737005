// The organization's full export: one zip (JSON and CSV per table, its files, a README of the format) built by a
// background job from every table holding its rows, downloadable by admins for 7 days.
export { createDataExportService, type DataExportService } from './data-export.service.js';
export { dataExportRoutes } from './data-export.routes.js';
export { defineDataExport } from './data-export.job.js';
