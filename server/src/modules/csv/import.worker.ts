import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import type { FromWorker, ImportLookups, ImportWorkerData, ToWorker } from './import-protocol';
import { checkValues, prepareValues } from './metric-values.check';
import { checkStaff, prepareStaff } from './staff.check';

/**
 * An import's worker thread (started by import-thread.ts, one per import): it reads the file
 * and checks every row where no other request waits on it, asks the request's thread for what
 * the database knows, and hands back the report and then the rows to store, batch by batch.
 */

const port = parentPort!;
const { kind, request } = workerData as ImportWorkerData;
const send = (message: FromWorker) => port.postMessage(message);

let nextId = 0;
const answers = new Map<number, (result: unknown) => void>();
let startCheck: () => void = () => undefined;
const checkStarted = new Promise<void>((resolve) => {
  startCheck = resolve;
});
let batches: unknown[][] = [];

port.on('message', (message: ToWorker) => {
  if (message.type === 'check') {
    startCheck();
  } else if (message.type === 'answer') {
    answers.get(message.id)?.(message.result);
    answers.delete(message.id);
  } else {
    send({ type: 'batch', index: message.index, items: batches[message.index] ?? [] });
  }
});

function ask<T>(method: keyof ImportLookups, args: unknown[]): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve) => {
    answers.set(id, resolve as (result: unknown) => void);
    send({ type: 'lookup', id, method, args });
  });
}

const lookups: ImportLookups = {
  employees: (column, keys) => ask('employees', [column, keys]),
  metricTypes: () => ask('metricTypes', []),
};

async function run() {
  if (kind === 'staff') {
    const prepared = prepareStaff(request);
    send({ type: 'parsed' });
    await checkStarted;
    const result = await checkStaff(prepared, lookups, request);
    batches = result.batches;
    send({ type: 'checked', checked: result.checked });
  } else {
    const prepared = prepareValues(request);
    send({ type: 'parsed' });
    await checkStarted;
    const result = await checkValues(prepared, lookups, request);
    batches = result.batches;
    send({ type: 'checked', checked: result.checked });
  }
}

run().catch((error: unknown) => {
  if (error instanceof AppError) {
    send({
      type: 'refused',
      statusCode: error.statusCode,
      message: error.message,
      errors: error.errors,
    });
  } else {
    const failure = error instanceof Error ? error : new Error(String(error));
    send({ type: 'failed', message: failure.message, stack: failure.stack });
  }
});
