/**
 * What `npm run bench` measures: every read (GET) route of the OpenAPI document, as the screens
 * call it, at the scale of PRODUCT.md section 6, and every CSV export. A route of the document with
 * no entry here stops the run, so a new read route cannot go unmeasured.
 */
import type { ExportTarget } from './export-targets';

export type Role = 'public' | 'employee' | 'manager' | 'admin';

/**
 * The PRODUCT.md section 6 ratio a route must reach against `GET /api/health`, beside p99 under
 * 50 ms: `half` for rank, top-10 status, has-bonuses and the dashboard, `quarter` for a list page
 * of 50 rows.
 */
export type RatioBudget = 'ceiling' | 'half' | 'quarter' | null;

export interface Target {
  /** The OpenAPI path this measures, such as `/api/employees/{id}`. */
  route: string;
  /** How the table names it: the request, or a representative one for rotating ids. */
  label: string;
  role: Role;
  /** Requests cycle through these paths (one for most; many ids for `/{id}` routes). */
  paths: string[];
  budget: RatioBudget;
}

/** Ids and names of the loaded data that realistic requests use. */
export interface BenchData {
  employeeIds: number[];
  metricTypeIds: number[];
  auditIds: number[];
  userIds: number[];
  /** An employee with about the median number of metric values. */
  typicalEmployeeId: number;
  department: string;
  /** The last page of 50 of all bonuses and of all metric values: the deepest one pages to. */
  lastPages: { bonuses: number; metricValues: number };
}

/**
 * Whether a target is one `--only=TEXT` names: its label contains TEXT, or equals it when TEXT
 * starts with `=` (for a label that begins others'); `A|B` names the targets of either.
 */
export function namedByOnly(target: Target, only: string): boolean {
  return only
    .split('|')
    .some((text) =>
      text.startsWith('=') ? target.label === text.slice(1) : target.label.includes(text),
    );
}

/** `count` values spread evenly over `items`. */
function spread<T>(items: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, i) => i % step === 0).slice(0, count);
}

const PAGE = 'limit=50';

export function benchTargets(data: BenchData): Target[] {
  const staff = spread(data.employeeIds, 200);
  const types = data.metricTypeIds;
  const e = data.typicalEmployeeId;
  const t = types[Math.floor(types.length / 2)]!;
  const dept = encodeURIComponent(data.department);
  const one = (
    route: string,
    role: Role,
    path: string,
    budget: RatioBudget = null,
    label = path,
  ): Target => ({ route, label, role, paths: [path], budget });
  const many = (
    route: string,
    role: Role,
    label: string,
    paths: string[],
    budget: RatioBudget = null,
  ): Target => ({ route, label, role, paths, budget });

  return [
    one('/api/health', 'public', '/api/health', 'ceiling'),
    one('/api/auth/config', 'public', '/api/auth/config'),
    one('/api/auth/me', 'employee', '/api/auth/me'),

    // Insights
    one('/api/employees/rank', 'employee', '/api/employees/rank', 'half'),
    one('/api/employees/top10-status', 'employee', '/api/employees/top10-status', 'half'),
    one('/api/employees/has-bonuses', 'employee', '/api/employees/has-bonuses', 'half'),
    one('/api/employees/dashboard', 'employee', '/api/employees/dashboard', 'half'),
    one('/api/hr/metrics', 'manager', '/api/hr/metrics'),
    one('/api/hr/charts', 'manager', '/api/hr/charts'),
    one('/api/metrics/average', 'manager', `/api/metrics/average?${PAGE}`, 'quarter'),
    one(
      '/api/metrics/average',
      'manager',
      `/api/metrics/average?${PAGE}&sort=score&order=desc&page=3`,
      'quarter',
    ),

    // The caller's own records
    one(
      '/api/employees/my-performance-metrics',
      'employee',
      `/api/employees/my-performance-metrics?${PAGE}`,
      'quarter',
    ),
    one('/api/employees/my-bonuses', 'employee', `/api/employees/my-bonuses?${PAGE}`, 'quarter'),
    one('/api/responses/all', 'employee', `/api/responses/all?${PAGE}`, 'quarter'),

    // Staff records
    one('/api/employees', 'manager', `/api/employees?${PAGE}`, 'quarter'),
    one('/api/employees', 'manager', `/api/employees?${PAGE}&search=son`, 'quarter'),
    one(
      '/api/employees',
      'manager',
      `/api/employees?${PAGE}&department=${dept}&status=active&sort=salary&order=desc`,
      'quarter',
    ),
    one('/api/employees/stats', 'manager', '/api/employees/stats'),
    many(
      '/api/employees/{id}',
      'manager',
      '/api/employees/{id} (200 ids)',
      staff.map((id) => `/api/employees/${id}`),
    ),

    // Metric types
    one('/api/metric-types', 'manager', `/api/metric-types?${PAGE}`, 'quarter'),
    one('/api/metric-types/units', 'manager', '/api/metric-types/units'),
    many(
      '/api/metric-types/{id}',
      'manager',
      `/api/metric-types/{id} (${types.length} ids)`,
      types.map((id) => `/api/metric-types/${id}`),
    ),

    // Metric values
    one('/api/performance-metrics', 'manager', `/api/performance-metrics?${PAGE}`, 'quarter'),
    one(
      '/api/performance-metrics',
      'manager',
      `/api/performance-metrics?${PAGE}&page=20`,
      'quarter',
    ),
    // The middle page: read from either end (ADR 31), it skips the most rows of any page.
    one(
      '/api/performance-metrics',
      'manager',
      `/api/performance-metrics?${PAGE}&page=${Math.ceil(data.lastPages.metricValues / 2)}`,
      'quarter',
    ),
    // The last page (as of all bonuses below): the deepest a person paging through them gets.
    one(
      '/api/performance-metrics',
      'manager',
      `/api/performance-metrics?${PAGE}&page=${data.lastPages.metricValues}`,
      'quarter',
    ),
    one(
      '/api/performance-metrics',
      'manager',
      `/api/performance-metrics?${PAGE}&user_id=${e}`,
      'quarter',
    ),
    one(
      '/api/performance-metrics',
      'manager',
      `/api/performance-metrics?${PAGE}&metric_type_id=${t}`,
      'quarter',
    ),
    many(
      '/api/performance-metrics/user/{id}',
      'manager',
      `/api/performance-metrics/user/{id}?${PAGE} (200 ids)`,
      staff.map((id) => `/api/performance-metrics/user/${id}?${PAGE}`),
      'quarter',
    ),

    // Bonuses
    one('/api/bonuses', 'manager', `/api/bonuses?${PAGE}`, 'quarter'),
    one(
      '/api/bonuses',
      'manager',
      `/api/bonuses?${PAGE}&page=${data.lastPages.bonuses}`,
      'quarter',
    ),
    many(
      '/api/bonuses',
      'manager',
      `/api/bonuses?${PAGE}&employee_id={id} (200 ids)`,
      staff.map((id) => `/api/bonuses?${PAGE}&employee_id=${id}`),
      'quarter',
    ),

    // Questions
    one('/api/responses/admin/all', 'manager', `/api/responses/admin/all?${PAGE}`, 'quarter'),
    one(
      '/api/responses/admin/all',
      'manager',
      `/api/responses/admin/all?${PAGE}&status=pending&search=work`,
      'quarter',
    ),

    // Administration
    one('/api/users', 'admin', `/api/users?${PAGE}`, 'quarter'),
    one('/api/users', 'admin', `/api/users?${PAGE}&search=son`, 'quarter'),
    many(
      '/api/users/{id}',
      'admin',
      '/api/users/{id} (200 ids)',
      spread(data.userIds, 200).map((id) => `/api/users/${id}`),
    ),
    one('/api/audit', 'admin', `/api/audit?${PAGE}`, 'quarter'),
    one('/api/audit', 'admin', `/api/audit?${PAGE}&search=bonus`, 'quarter'),
    many(
      '/api/audit/{id}',
      'admin',
      '/api/audit/{id} (200 ids)',
      spread(data.auditIds, 200).map((id) => `/api/audit/${id}`),
    ),
  ];
}

/**
 * The GET routes of the OpenAPI document that nothing measures. A read route is measured by a
 * target of `benchTargets` (autocannon); a `.csv` export route by one of `exportTargets` (the
 * export step), and only by that: an export with no export target is unmeasured too.
 */
export function unmeasuredRoutes(
  openapi: { paths: Record<string, object> },
  targets: Target[],
  exports: ExportTarget[],
) {
  const measured = new Set(targets.map((target) => target.route));
  const exported = new Set(exports.map((target) => target.route));
  return Object.entries(openapi.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([route]) => route)
    .filter((route) => (route.endsWith('.csv') ? !exported.has(route) : !measured.has(route)));
}
