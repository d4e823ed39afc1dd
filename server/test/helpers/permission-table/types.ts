// The shapes of the permission table: a row per route and the request it makes.
import type { Caller, RouteFixtures } from '../route-fixtures';

export interface RouteRequest {
  /** The address, with ids and query filled in. */
  url: string;
  body?: unknown;
  /** Who calls, when not the caller's usual account (a fresh user for a password change). */
  token?: string | null;
}

export interface PermissionRow {
  /** As the OpenAPI document names it: "PUT /api/employees/{id}". */
  route: string;
  expect: Record<Caller, number>;
  request(caller: Caller, fx: RouteFixtures): Promise<RouteRequest>;
  other?: { expect: number; request(fx: RouteFixtures): Promise<RouteRequest> };
  /** A success is a CSV file rather than the JSON envelope (the exports). */
  answers?: 'csv';
  /** The route's own request body limit, when it is not the server's 1 MB. */
  bodyLimit?: number;
}
