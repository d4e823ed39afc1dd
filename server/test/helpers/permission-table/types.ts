// The shapes of the permission table: a row per route and the request it makes.
import type { Caller, RouteFixtures } from '../route-fixtures';
import type { CallResult } from '../test-app';

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
  /** Query parameters that would widen what the route answers, and what holds despite them. */
  widening?: WideningCase[];
}

/**
 * A request whose query asks for more than the caller may see (`?limit=1000` of the rankings,
 * `?employee_id=<someone else>` of one's own records), and what the answer must hold to all
 * the same. Its route, role and valid input are allowed: the status is 200, the content is
 * what is checked.
 */
export interface WideningCase {
  /** What is asked for, for the test's name: "?limit=1000". */
  what: string;
  caller: Exclude<Caller, 'anonymous'>;
  request(fx: RouteFixtures): Promise<RouteRequest>;
  /** Fails (with expect) unless the answer holds no more than the caller may see. */
  holds(answer: CallResult, fx: RouteFixtures): void | Promise<void>;
}
