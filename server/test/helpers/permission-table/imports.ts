// Permission rows of the CSV imports.
import { IMPORT_BODY_LIMIT_BYTES } from '#contract/csv-import';
import { csvImport, FORBIDDEN, hr } from './access';
import type { PermissionRow } from './types';

// CSV imports (issue 8): HR only, with a 10 MB body.
export const IMPORT_ROWS: PermissionRow[] = [
  {
    route: 'POST /api/employees/import',
    expect: hr(),
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    request: async (_caller, fx) => ({
      url: '/api/employees/import',
      body: csvImport(
        'first_name,last_name,email,position,department,join_date,salary',
        `Imported,Person ${fx.unique()},imported.${fx.unique()}@example.com,Lecturer,CIT,2024-02-01,48000`,
      ),
    }),
  },
  {
    route: 'POST /api/performance-metrics/import',
    expect: hr(),
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    request: async (_caller, fx) => ({
      url: '/api/performance-metrics/import',
      body: csvImport(
        'employee_id,metric_type_id,value,created_at',
        `${fx.me.employeeId},${fx.typeId},72.5,2024-03-01`,
      ),
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/performance-metrics/import',
        body: csvImport('employee_email,metric_type_id,value', `${fx.other.email},${fx.typeId},1`),
      }),
    },
  },
];
