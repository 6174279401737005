import { z } from 'zod';

/** Spec constants ("Error-reporting sampling"): traces 10%, session replays 10%, replays on error 100%. */
export const ERROR_REPORTING_SAMPLING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** Where the browser reports its errors; null when the server has no error-reporting service configured. */
export const browserErrorReportingSchema = z.object({
  dsn: z.string().url(),
  environment: z.string(),
  release: z.string().nullable(),
  tracesSampleRate: z.number().min(0).max(1),
  replaysSessionSampleRate: z.number().min(0).max(1),
  replaysOnErrorSampleRate: z.number().min(0).max(1),
});
export type BrowserErrorReporting = z.infer<typeof browserErrorReportingSchema>;

/** The settings the web app needs at run time, before anyone signs in (public). */
export const clientConfigSchema = z.object({
  sentry: browserErrorReportingSchema.nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
