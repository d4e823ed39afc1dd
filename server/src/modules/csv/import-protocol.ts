import type { CsvImportBody, ImportReport } from '#contract/csv-import';
import type { FieldError } from '#contract/envelope';

/**
 * What the request's thread and an import's worker thread (import.worker.ts) say to each
 * other. The worker reads and checks the file; the database stays on the request's thread,
 * which answers the worker's lookups (a slice of keys each, so no answer is big) and stores the
 * checked rows batch by batch.
 */

export type ImportKind = 'staff' | 'metric-values';

export interface ImportWorkerData {
  kind: ImportKind;
  request: CsvImportBody;
}

/** Keys of one lookup: well within both engines' parameter limits. */
export const LOOKUP_SLICE = 500;

export interface EmployeeKeys {
  id: number;
  email: string;
  employee_code: string | null;
  first_name: string;
  last_name: string;
}

export interface MetricTypeRange {
  id: number;
  metric_name: string;
  minimum_value: number | null;
  maximum_value: number | null;
}

export type EmployeeColumn = 'email' | 'employee_code' | 'id';

/** The reads a check needs, made by the request's thread (in the import's transaction). */
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

export type ToWorker =
  | { type: 'check' }
  | { type: 'answer'; id: number; result: unknown }
  | { type: 'batch'; index: number };

export type FromWorker =
  | { type: 'parsed' }
  | { type: 'lookup'; id: number; method: keyof ImportLookups; args: unknown[] }
  | { type: 'checked'; checked: CheckedImport }
  | { type: 'batch'; index: number; items: unknown[] }
  | {
      type: 'refused';
      statusCode: number;
      message: string;
      errors?: FieldError[] | undefined;
    }
  | { type: 'failed'; message: string; stack?: string | undefined };
