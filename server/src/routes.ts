import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightsRoutes } from './modules/insights/insights.routes';

/** Every API module, registered in this order. Add a module here and nowhere else. */
export const apiModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  insightsRoutes,
];
