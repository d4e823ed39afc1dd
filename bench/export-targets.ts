import type { Role } from './targets';

/**
 * A CSV download (`GET …/export.csv`). These are not put under autocannon: 50 connections each
 * pulling a whole table measure nothing a person does. The export step of `npm run bench`
 * (bench/exports.ts) downloads each one once, on the loaded database, for its time, rows a
 * second, first byte and the server's memory.
 */
export interface ExportTarget {
  /** The OpenAPI path, such as `/api/performance-metrics/export.csv`. */
  route: string;
  label: string;
  role: Exclude<Role, 'public'>;
  path: string;
  /**
   * A list request whose `pagination.total` the file's rows must equal, so a short file fails
   * the run (none for files that change as they are read, such as the audit trail).
   */
  countFrom?: string;
}

export const METRIC_VALUES_EXPORT = '/api/performance-metrics/export.csv';

export function exportTargets(): ExportTarget[] {
  return [
    {
      route: METRIC_VALUES_EXPORT,
      label: 'metric values',
      role: 'manager',
      path: METRIC_VALUES_EXPORT,
      countFrom: '/api/performance-metrics?limit=1',
    },
    {
      route: '/api/employees/export.csv',
      label: 'staff',
      role: 'manager',
      path: '/api/employees/export.csv',
      countFrom: '/api/employees?limit=1',
    },
    {
      route: '/api/bonuses/export.csv',
      label: 'bonuses',
      role: 'manager',
      path: '/api/bonuses/export.csv',
      countFrom: '/api/bonuses?limit=1',
    },
    {
      route: '/api/metrics/average/export.csv',
      label: 'average scores',
      role: 'manager',
      path: '/api/metrics/average/export.csv',
      countFrom: '/api/metrics/average?limit=1',
    },
    {
      route: '/api/employees/rank/export.csv',
      label: 'rankings',
      role: 'employee',
      path: '/api/employees/rank/export.csv',
    },
    {
      route: '/api/audit/export.csv',
      label: 'audit trail',
      role: 'admin',
      path: '/api/audit/export.csv',
    },
  ];
}
