import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { ImportReport } from '#contract/csv-import';
import { databaseOptionsOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { validationErrorOf, type JsonPoisoning } from './import-body';
import type { FromWorker, ImportKind, ImportWorkerData } from './import-protocol';

/**
 * The request's side of an import's worker thread (import.worker.ts). Parsing a 10 MB body,
 * checking 100,000 rows and storing them take seconds; in the worker they hold no other
 * request. This side hands over the body's bytes and answers what the worker answers.
 */

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * An import's request body as it came, unparsed (import.routes.ts). The bytes are a private
 * field: the text guard's walk over a body (plugins/text-guard.ts) finds nothing to walk here.
 */
export class ImportBodyBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  /** The bytes on a memory of their own, to hand to the worker without a copy when they can. */
  take(): Uint8Array {
    const bytes = this.#bytes;
    // A small Buffer shares Node's pool with others: that one is copied, not handed over.
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
      return new Uint8Array(bytes.buffer, 0, bytes.byteLength);
    }
    return new Uint8Array(bytes);
  }
}

/** What an import reads: the body's bytes, or what Fastify had when no body came. */
export type ImportSource = ImportBodyBytes | { value: unknown };

/**
 * In the bundle (scripts/build-server.mjs) the worker is import-worker.mjs beside main.mjs. From
 * the sources (tsx, vitest) it is `workerFile` when the configuration names one
 * (IMPORT_WORKER_FILE), else the .ts file, loaded after registering tsx in the worker: a worker
 * does not inherit the loader hooks its process was started with.
 */
function newWorker(
  workerData: ImportWorkerData,
  transferList: ArrayBuffer[],
  workerFile: string | undefined,
): Worker {
  const bundled = FROM_SOURCE ? workerFile : undefined;
  if (!FROM_SOURCE || bundled) {
    return new Worker(
      bundled ? pathToFileURL(bundled) : new URL('./import-worker.mjs', import.meta.url),
      {
        workerData,
        transferList,
      },
    );
  }
  const entry = new URL('./import.worker.ts', import.meta.url).href;
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData, transferList });
}

/** Imports running at once, each on a thread and a database connection of its own. */
export const MAX_RUNNING_IMPORTS = 2;
export const IMPORTS_BUSY_MESSAGE = 'Other imports are running. Please try again in a moment.';
const IMPORTS_BUSY_RETRY_AFTER_SECONDS = 10;

let running = 0;

/** What the worker's answer means on the request's thread: the report, or the error to answer. */
function outcomeOf(message: FromWorker): ImportReport | Error {
  switch (message.type) {
    case 'done':
      return message.report;
    case 'refused':
      return new AppError(message.statusCode, message.message, message.errors);
    case 'invalid':
      return validationErrorOf(message.issues);
    case 'busy':
      return new AppError(503, DATABASE_BUSY_MESSAGE, undefined, {
        'Retry-After': String(DATABASE_BUSY_RETRY_AFTER_SECONDS),
      });
    case 'failed': {
      const error = new Error(`Import worker failed: ${message.message}`);
      if (message.stack) error.stack = message.stack;
      return error;
    }
  }
}

/**
 * An import run in a worker thread of its own, from the request body to the stored rows: at
 * most MAX_RUNNING_IMPORTS at once (each holds a thread, a database connection and a file's
 * rows), beyond that a 503 with Retry-After.
 */
export async function importInWorker(options: {
  kind: ImportKind;
  source: ImportSource;
  poisoning: JsonPoisoning;
  db: Kysely<DB>;
  actor: Actor;
  /** config.ts's IMPORT_WORKER_FILE. */
  workerFile: string | undefined;
}): Promise<ImportReport> {
  const database = databaseOptionsOf(options.db);
  if (!database) throw new Error('The import needs a database opened by openDatabase');
  if (running >= MAX_RUNNING_IMPORTS) {
    throw new AppError(503, IMPORTS_BUSY_MESSAGE, undefined, {
      'Retry-After': String(IMPORTS_BUSY_RETRY_AFTER_SECONDS),
    });
  }
  running++;
  try {
    const { source } = options;
    const bytes = source instanceof ImportBodyBytes ? source.take() : null;
    const data: ImportWorkerData = {
      kind: options.kind,
      body: bytes ? { bytes } : { value: (source as { value: unknown }).value },
      poisoning: options.poisoning,
      database,
      actor: options.actor,
    };
    const worker = newWorker(data, bytes ? [bytes.buffer as ArrayBuffer] : [], options.workerFile);
    const outcome = await new Promise<ImportReport | Error>((resolve) => {
      worker.once('message', (message: FromWorker) => resolve(outcomeOf(message)));
      worker.once('error', resolve);
      worker.once('exit', (code) =>
        resolve(new Error(`Import worker stopped (exit code ${code})`)),
      );
    });
    await worker.terminate();
    if (outcome instanceof Error) throw outcome;
    return outcome;
  } finally {
    running--;
  }
}
