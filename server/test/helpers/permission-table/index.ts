// The permission table: every module's rows, in one list, in PRODUCT.md section 4's order.
import { ADMIN_ROWS } from './admin';
import { BONUS_ROWS } from './bonuses';
import { EMPLOYEE_ROWS } from './employees';
import { EXPORT_ROWS } from './exports';
import { IMPORT_ROWS } from './imports';
import { INSIGHT_ROWS } from './insights';
import { METRIC_TYPE_ROWS } from './metric-types';
import { METRIC_VALUE_ROWS } from './metric-values';
import { OWN_DATA_ROWS } from './own-data';
import { PUBLIC_ROWS } from './public';
import type { PermissionRow } from './types';

export type { PermissionRow, RouteRequest } from './types';

/**
 * PRODUCT.md section 4 as one table: every route of the OpenAPI document, the status each caller
 * gets for a valid request, and how to make that request. `permission-matrix.test.ts` runs it
 * and fails when a documented route is missing here (or a row names a route that is gone);
 * `bad-input.property.test.ts` starts its malformed requests from the same valid ones.
 *
 * `other` is the employee asking about another employee's records through the route's id or
 * filter: refused with 403 (404 for a question, as for an unknown id), or for the routes that
 * only ever answer the caller's own data, answered without a trace of the other person.
 */
export const PERMISSION_TABLE: PermissionRow[] = [
  ...PUBLIC_ROWS,
  ...OWN_DATA_ROWS,
  ...METRIC_TYPE_ROWS,
  ...METRIC_VALUE_ROWS,
  ...BONUS_ROWS,
  ...EMPLOYEE_ROWS,
  ...INSIGHT_ROWS,
  ...ADMIN_ROWS,
  ...EXPORT_ROWS,
  ...IMPORT_ROWS,
];
