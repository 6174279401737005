import {
  adminToolFiguresSchema,
  dataIsolationReportSchema,
  envelope,
  organizationParamsSchema,
  readinessSchema,
  systemHealthSchema,
} from '@keel/contract';
import type { TypedApp } from '../../http/types.js';
import type { AdminToolsService } from './admin-tools.service.js';
import type { DataIsolationService } from './data-isolation.service.js';
import type { SystemHealthService } from './system-health.service.js';

const tags = ['operations'];
const base = '/organizations/:organizationId';
/** A run counts the organization's rows in every tenant table: a few a minute is plenty for a person. */
export const ISOLATION_RUNS_PER_MINUTE = 5;

export interface OperationsServices {
  systemHealth: SystemHealthService;
  dataIsolation: DataIsolationService;
  adminTools: AdminToolsService;
}

export function operationsRoutes(services: OperationsServices) {
  return async function register(app: TypedApp) {
    app.get(
      '/health/ready',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Readiness for load balancers: 200 when the database answers a query, 503 when not',
          response: { 200: envelope(readinessSchema) },
        },
      },
      async () => ({ data: await services.systemHealth.readiness() }),
    );

    app.get(
      `${base}/system-health`,
      {
        schema: {
          tags,
          summary: 'The health of the database, mail, jobs, storage, backups and live connections',
          description: 'Each part is green, amber or red with the reason. Admins and owners only.',
          params: organizationParamsSchema,
          response: { 200: envelope(systemHealthSchema) },
        },
      },
      async (request) => ({ data: await services.systemHealth.check(request.scope) }),
    );

    app.post(
      `${base}/data-isolation/runs`,
      {
        config: {
          // After the scope hook (a preHandler registered before every route), keyed by the caller's own
          // organization: naming another organization is refused before it can use up that one's runs.
          rateLimit: {
            max: ISOLATION_RUNS_PER_MINUTE,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request) => `data-isolation:${request.auth?.organizationId ?? request.ip}`,
          },
        },
        schema: {
          tags,
          summary: "Runs the tenant isolation proof now for the caller's organization",
          description:
            'The application role cannot bypass row-level security; every table with an organization column forces ' +
            "it; a scope set to another, made-up organization sees none of this organization's rows. Also lists the " +
            `cross-organization requests this server refused. Admins and owners only; ${ISOLATION_RUNS_PER_MINUTE} runs a minute.`,
          params: organizationParamsSchema,
          response: { 200: envelope(dataIsolationReportSchema) },
        },
      },
      async (request) => ({ data: await services.dataIsolation.run(request.scope) }),
    );

    app.get(
      `${base}/admin-tools/figures`,
      {
        schema: {
          tags,
          summary: 'The live figures of the admin tools page',
          description: 'Active members, pending invitations, failed operations and teams. Admins and owners only.',
          params: organizationParamsSchema,
          response: { 200: envelope(adminToolFiguresSchema) },
        },
      },
      async (request) => ({ data: await services.adminTools.figures(request.scope) }),
    );
  };
}
