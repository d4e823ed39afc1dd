import type { FastifyInstance } from 'fastify';
import { averageScoresRoutes } from './average-scores.routes';
import { dashboardsRoutes } from './dashboards.routes';
import { rankingsRoutes } from './rankings.routes';

/** Issue 5's API: dashboards, rankings and average scores, all read from maintained totals. */
export async function insightsRoutes(app: FastifyInstance) {
  await dashboardsRoutes(app);
  await rankingsRoutes(app);
  await averageScoresRoutes(app);
}
