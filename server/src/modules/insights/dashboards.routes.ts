import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { employeeDashboardSchema, hrChartsSchema, hrMetricsSchema } from '#contract/insights';
import { signedInUser } from '../../plugins/auth';
import { ok, replies } from '../../lib/route';
import { dashboardVersionOfCaller } from './employee-dashboard.repository';
import { createEmployeeDashboardService } from './employee-dashboard.service';
import { createHrDashboardService } from './hr-dashboard.service';

export async function dashboardsRoutes(app: FastifyInstance) {
  const hr = createHrDashboardService({ db: app.db });
  const own = createEmployeeDashboardService({ db: app.db, config: app.config });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/hr/metrics',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['insights'],
        summary: 'HR dashboard figures: staff, metric values and bonuses, in all and this month',
        response: replies(hrMetricsSchema),
      },
    },
    async () => ok('HR metrics', await hr.metrics()),
  );

  api.get(
    '/api/hr/charts',
    {
      config: { access: 'hr' },
      schema: {
        tags: ['insights'],
        summary: 'HR dashboard charts: average score per department, staff per score band',
        response: replies(hrChartsSchema),
      },
    },
    async () => ok('HR charts', await hr.charts()),
  );

  api.get(
    '/api/employees/dashboard',
    {
      config: { access: 'signed-in', callerFigure: () => dashboardVersionOfCaller },
      schema: {
        tags: ['insights'],
        summary:
          "The caller's own dashboard: semester averages, the last 12 months, metric and bonus counts",
        response: replies(employeeDashboardSchema),
      },
    },
    async (request) =>
      ok('Dashboard', await own.dashboard(signedInUser(request), request.callerFigure)),
  );
}
