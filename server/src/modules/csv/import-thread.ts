import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CsvImportBody } from '#contract/csv-import';
import { AppError } from '../../lib/errors';
import type {
  CheckedImport,
  FromWorker,
  ImportKind,
  ImportLookups,
  ImportWorkerData,
  ToWorker,
} from './import-protocol';

/**
 * The request's side of an import's worker thread (import.worker.ts). Reading and checking a
 * file of 100,000 rows takes seconds of CPU; in the worker it holds no other request. This side
 * only relays: it answers the worker's lookups with the database and takes the checked rows.
 */

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * In the bundle (scripts/build-server.mjs) the worker is import-worker.mjs beside main.mjs. From
 * the sources (tsx, vitest) it is the .ts file, loaded after registering tsx in the worker: a
 * worker does not inherit the loader hooks its process was started with.
 */
function newWorker(workerData: ImportWorkerData): Worker {
  if (!FROM_SOURCE)
    return new Worker(new URL('./import-worker.mjs', import.meta.url), { workerData });
  const entry = new URL('./import.worker.ts', import.meta.url).href;
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

export interface ImportWorker<Item> {
  /** The checks that need the database, answered with `lookups`: the report and what to store. */
  check(lookups: ImportLookups): Promise<CheckedImport>;
  /** The rows to store, batch by batch, in order (0 to checked.batchCount - 1). */
  batch(index: number): Promise<Item[]>;
  close(): Promise<void>;
}

type Waiting = {
  type: 'parsed' | 'checked' | 'batch';
  resolve: (message: FromWorker) => void;
  reject: (error: unknown) => void;
};

/**
 * Starts the worker on the file; resolves once it is read and the rows checked as far as the
 * file alone allows (a file it cannot read is refused here, as the 400 the worker gave).
 */
export async function startImportWorker<Item>(
  kind: ImportKind,
  request: CsvImportBody,
): Promise<ImportWorker<Item>> {
  const data: ImportWorkerData = { kind, request };
  const worker = newWorker(data);
  let waiting: Waiting | null = null;
  let lookups: ImportLookups | null = null;
  let broken: unknown = null;

  const fail = (error: unknown) => {
    broken ??= error;
    const current = waiting;
    waiting = null;
    current?.reject(error);
  };
  const post = (message: ToWorker) => worker.postMessage(message);

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'lookup') {
      const method = lookups?.[message.method] as
        ((...args: unknown[]) => Promise<unknown>) | undefined;
      if (!method) return fail(new Error(`Import worker asked ${message.method} before its check`));
      method(...message.args).then(
        (result) => post({ type: 'answer', id: message.id, result }),
        fail,
      );
    } else if (message.type === 'refused') {
      fail(new AppError(message.statusCode, message.message, message.errors));
    } else if (message.type === 'failed') {
      const error = new Error(`Import worker failed: ${message.message}`);
      if (message.stack) error.stack = message.stack;
      fail(error);
    } else if (waiting && waiting.type === message.type) {
      const current = waiting;
      waiting = null;
      current.resolve(message);
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`Import worker stopped (exit code ${code})`)));

  const expect = (type: Waiting['type'], message?: ToWorker) =>
    new Promise<FromWorker>((resolve, reject) => {
      if (broken) return reject(broken);
      waiting = { type, resolve, reject };
      if (message) post(message);
    });

  try {
    await expect('parsed');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    async check(given) {
      lookups = given;
      const answer = await expect('checked', { type: 'check' });
      return (answer as Extract<FromWorker, { type: 'checked' }>).checked;
    },
    async batch(index) {
      const answer = await expect('batch', { type: 'batch', index });
      return (answer as Extract<FromWorker, { type: 'batch' }>).items as Item[];
    },
    async close() {
      broken ??= new Error('Import worker closed');
      await worker.terminate();
    },
  };
}
