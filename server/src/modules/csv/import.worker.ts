import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { isDatabaseUnavailable } from '../../db/constraint-errors';
import { openDatabase } from '../../db/database';
import { AppError } from '../../lib/errors';
import { InvalidImportBody, readImportBody, validateImportBody } from './import-body';
import type { FromWorker, ImportWorkerData } from './import-protocol';
import { runImport } from './import-run';

/**
 * An import's worker thread (started by import-thread.ts, one per import): it reads the request
 * body (import-body.ts), reads and checks the file and stores it in one transaction, on a
 * database connection of its own, where no other request waits on any of it. SQLite's WAL lets
 * the server's connection go on reading meanwhile; its writes meet this one's lock as they
 * would another process's (a 503 after a short wait).
 */

/**
 * How long this connection waits for SQLite's write lock or a PostgreSQL row lock: only this
 * thread waits, and an import is worth a longer wait than a request someone watches.
 */
const WORKER_LOCK_WAIT_MS = 15_000;

/**
 * On Linux a thread has a nice value of its own: this one takes the cores only when the
 * server's threads (and so every other request) do not want them. Elsewhere, or if refused,
 * the import runs at the server's priority.
 */
function yieldCoresToTheServer() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // Not Linux: nothing to lower.
  }
}
yieldCoresToTheServer();

const port = parentPort!;
const data = workerData as ImportWorkerData;
const send = (message: FromWorker) => port.postMessage(message);

async function run() {
  const request =
    'bytes' in data.body
      ? readImportBody(data.body.bytes, data.poisoning)
      : validateImportBody(data.body.value);
  const database = openDatabase({
    ...data.database,
    poolSize: 1,
    busyTimeoutMs: WORKER_LOCK_WAIT_MS,
    lockTimeoutMs: WORKER_LOCK_WAIT_MS,
  });
  try {
    const report = await runImport(database.db, data.kind, request, data.actor);
    send({ type: 'done', report });
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  if (error instanceof InvalidImportBody) {
    send({ type: 'invalid', issues: error.issues });
  } else if (error instanceof AppError) {
    send({
      type: 'refused',
      statusCode: error.statusCode,
      message: error.message,
      errors: error.errors,
    });
  } else if (isDatabaseUnavailable(error)) {
    send({ type: 'busy' });
  } else {
    const failure = error instanceof Error ? error : new Error(String(error));
    send({ type: 'failed', message: failure.message, stack: failure.stack });
  }
});
