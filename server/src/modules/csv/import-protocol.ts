import type { ImportReport } from '#contract/csv-import';
import type { FieldError } from '#contract/envelope';
import type { DatabaseOptions } from '../../db/database';
import type { Actor } from '../../lib/route';
import type { BodyIssue, JsonPoisoning } from './import-body';

/**
 * What the request's thread and an import's worker thread (import.worker.ts) say to each
 * other. The worker does the whole import: it reads the request body, reads and checks the
 * file, and stores it, with a database connection of its own; the request's thread only hands
 * over the body and answers the outcome.
 */

export type ImportKind = 'staff' | 'metric-values';

export interface ImportWorkerData {
  kind: ImportKind;
  /** The request body's bytes (transferred), or what Fastify had when no body came. */
  body: { bytes: Uint8Array } | { value: unknown };
  poisoning: JsonPoisoning;
  /** The request's database, as the server opened it (database.ts). */
  database: DatabaseOptions;
  actor: Actor;
}

/** Keys of one lookup: well within both engines' parameter limits. */
export const LOOKUP_SLICE = 500;

export interface EmployeeKeys {
  id: number;
  email: string;
  employee_code: string | null;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD: a metric value is not dated before it (join-date-rule.ts). */
  join_date: string;
}

export interface MetricTypeRange {
  id: number;
  metric_name: string;
  minimum_value: number | null;
  maximum_value: number | null;
}

export type EmployeeColumn = 'email' | 'employee_code' | 'id';

/** The reads a check needs (in the import's transaction when it stores). */
export interface ImportLookups {
  employees(column: EmployeeColumn, keys: (string | number)[]): Promise<EmployeeKeys[]>;
  metricTypes(): Promise<MetricTypeRange[]>;
}

export interface PersonRef {
  id: number;
  name: string;
  email: string;
}

/** A checked file: its report (as stored, when `store`) and how many batches there are to store. */
export interface CheckedImport {
  report: ImportReport;
  store: boolean;
  batchCount: number;
  /** Metric values: the first people the values are of, and how many there are in all. */
  people?: PersonRef[];
  peopleCount?: number;
}

export type FromWorker =
  | { type: 'done'; report: ImportReport }
  | {
      type: 'refused';
      statusCode: number;
      message: string;
      errors?: FieldError[] | undefined;
    }
  | { type: 'invalid'; issues: BodyIssue[] }
  | { type: 'busy' }
  | { type: 'failed'; message: string; stack?: string | undefined };
