import { describe, expect, it } from 'vitest';
import { exportTargets } from './export-targets';
import { benchTargets, unmeasuredRoutes, type BenchData } from './targets';

const data: BenchData = {
  employeeIds: [1, 2, 3],
  metricTypeIds: [1, 2],
  auditIds: [1],
  userIds: [1],
  typicalEmployeeId: 2,
  department: 'CIT',
  lastPages: { bonuses: 2, metricValues: 3 },
};

const get = { get: {} };

describe('unmeasuredRoutes', () => {
  it('counts a read route as measured only by a read target', () => {
    const openapi = { paths: { '/api/health': get, '/api/new-list': get, '/api/x': { post: {} } } };
    expect(unmeasuredRoutes(openapi, benchTargets(data), exportTargets())).toEqual([
      '/api/new-list',
    ]);
  });

  it('counts a .csv export as measured only by the export step', () => {
    const openapi = {
      paths: {
        '/api/performance-metrics/export.csv': get,
        '/api/new/export.csv': get,
      },
    };
    expect(unmeasuredRoutes(openapi, benchTargets(data), exportTargets())).toEqual([
      '/api/new/export.csv',
    ]);
    expect(unmeasuredRoutes(openapi, benchTargets(data), [])).toEqual([
      '/api/performance-metrics/export.csv',
      '/api/new/export.csv',
    ]);
  });

  it('has export targets for CSV routes only', () => {
    for (const target of exportTargets()) expect(target.route).toMatch(/\/export\.csv$/);
  });
});
