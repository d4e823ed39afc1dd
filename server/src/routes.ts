import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bonusesRoutes } from './modules/bonuses/bonuses.routes';
import { exportRoutes } from './modules/csv/export.routes';
import { importRoutes } from './modules/csv/import.routes';
import { employeeRoutes } from './modules/employees/employees.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { metricTypesRoutes } from './modules/metric-types/metric-types.routes';
import { myRecordsRoutes } from './modules/my-records/my-records.routes';
import { performanceMetricsRoutes } from './modules/performance-metrics/performance-metrics.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { userRoutes } from './modules/users/users.routes';

/** Every API module, registered in this order. Add a module here and nowhere else. */
export const apiModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  metricTypesRoutes,
  performanceMetricsRoutes,
  bonusesRoutes,
  myRecordsRoutes,
  auditRoutes,
  employeeRoutes,
  userRoutes,
  insightsRoutes,
  questionsRoutes,
  exportRoutes,
  importRoutes,
];
