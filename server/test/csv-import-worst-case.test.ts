import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT_BYTES, MAX_IMPORT_ROWS } from '#contract/csv-import';
import { insertMetricType } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * The worst files the imports take (issue 55): the most rows, the most blank lines and the
 * longest rows within the row cap and the body limit, sent over real HTTP to a listening server
 * while another client asks /api/health every 50 ms. Each import answers its report, and no
 * health answer waits 100 ms or more behind it (the least slow of up to three tries). Dry runs:
 * they read and check the whole file as an import does. Real imports too: 20,000 staff, then 60,000 metric values of theirs, stored
 * while health is asked (the writes run on the import's own thread and connection).
 */

const HEALTH_BUDGET_MS = 100;
const STAFF_HEADER = 'first_name,last_name,email,position,department,join_date';
const VALUE_HEADER = 'employee_email,metric_name,value';

/**
 * The clients, each on a thread of its own: the test's thread is the server's, and a client
 * there would take the server's time (turning 10 MB into JSON and sending it); and the import's
 * client, on the health client's thread, would hold that one's turns too. Health is asked every
 * 50 ms until told to stop, and answers its slowest answer's time and how many it had. Its
 * first answer comes before the import is sent and also times the thread's own start (fetch's
 * first use, a new connection: 40-60 ms on a 2-core machine), so it is reported apart.
 */
const HEALTH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  let slowest = 0;
  let first = 0;
  let answers = 0;
  while (!stop) {
    const started = performance.now();
    const response = await fetch(workerData + '/api/health');
    await response.text();
    if (response.status !== 200) throw new Error('health answered ' + response.status);
    // The first answer also times this thread's own start (fetch's first use, a connection).
    if (answers > 0) slowest = Math.max(slowest, performance.now() - started);
    else first = performance.now() - started;
    answers++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ slowest, answers, first });
})();
`;

/** Sends the import once health has had answers for a while, and answers its status and body. */
const IMPORT_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, path, token, csv, dryRun } = workerData;
// This client stands for an uploader on another machine: on Linux its thread yields the cores,
// so that sending 10 MB is not counted as the server's time.
try {
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(threadId, 19);
} catch {}
(async () => {
  const body = JSON.stringify({ csv, dry_run: dryRun, mode: 'valid_rows_only' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = performance.now();
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body,
  });
  const answer = await response.json();
  parentPort.postMessage({ status: response.status, body: answer, seconds: (performance.now() - started) / 1000 });
})();
`;

function answerOf<T>(worker: Worker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

interface ImportAnswer {
  status: number;
  /** The import's JSON answer, as fetch reads it. */
  body: Awaited<ReturnType<Response['json']>>;
  seconds: number;
}

/** A CSV whose JSON body takes the import route's whole limit, or nearly. */
function jsonSize(csv: string) {
  return Buffer.byteLength(JSON.stringify({ csv, dry_run: true, mode: 'valid_rows_only' }));
}

describeEachEngine('CSV imports of the worst files', (ctx) => {
  let base = '';
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });

  /**
   * The import sent while health is asked, up to three times until health's slowest answer is
   * under the budget, the least slow counting: as in event-loop.test.ts, a shared two-core
   * machine can stop a client or the server for a while without the import holding anything,
   * while an import that does hold the server fails every try. A dry run stores nothing, so the
   * same file answers the same; a real import is sent as `csv(attempt)` gives it, rows that are
   * new at each try. Answers the least slow run and how many imports were sent.
   */
  async function importWhileHealthIsAsked(
    context: TestContext,
    path: string,
    csv: string | ((attempt: number) => string),
    { dryRun = true } = {},
  ) {
    const fileOf = typeof csv === 'string' ? () => csv : csv;
    let least: Awaited<ReturnType<typeof importOnce>> | undefined;
    let attempts = 0;
    while (attempts < 3 && !(least && least.health.slowest < HEALTH_BUDGET_MS)) {
      const run = await importOnce(context, path, fileOf(attempts), dryRun);
      attempts++;
      if (!least || run.health.slowest < least.health.slowest) least = run;
    }
    return { ...least!, attempts };
  }

  async function importOnce(context: TestContext, path: string, csv: string, dryRun: boolean) {
    expect(jsonSize(csv)).toBeLessThanOrEqual(IMPORT_BODY_LIMIT_BYTES);
    const healthClient = new Worker(HEALTH_CLIENT, { eval: true, workerData: base });
    const health = answerOf<{ slowest: number; answers: number; first: number }>(healthClient);
    const importClient = new Worker(IMPORT_CLIENT, {
      eval: true,
      workerData: { base, path, token: context.as.manager.token, csv, dryRun },
    });
    // The server's own thread (this one): how long its event loop was ever held meanwhile.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const { status, body, seconds } = await answerOf<ImportAnswer>(importClient);
    loop.disable();
    healthClient.postMessage('stop');
    const { slowest, answers, first } = await health;
    await Promise.all([healthClient.terminate(), importClient.terminate()]);
    const loopMaxMs = loop.max / 1e6;
    // The figures of issue 55's note, when asked for.
    if (process.env.STALL_FIGURES) {
      console.warn(
        `${context.engine} ${path} ${dryRun ? 'dry run' : 'import'}: ${seconds.toFixed(1)} s, ` +
          `health slowest ${slowest.toFixed(0)} ms of ${answers} (first ${first.toFixed(0)} ms), ` +
          `loop held at most ${loopMaxMs.toFixed(0)} ms`,
      );
    }
    return { status, body, health: { slowest, answers }, loopMaxMs };
  }

  it('checks 100,000 rows with one email, naming a few rows of the group', async () => {
    const csv = `${STAFF_HEADER}\n${'Ada,Lovelace,same@example.com,Lecturer,CIT,2024-01-10\n'.repeat(MAX_IMPORT_ROWS)}`;
    const answer = await importWhileHealthIsAsked(ctx(), '/api/employees/import', csv);
    expect(answer.status).toBe(200);
    expect(answer.body.data.report).toMatchObject({
      total_rows: MAX_IMPORT_ROWS,
      valid_rows: 0,
      refused_rows: MAX_IMPORT_ROWS,
      refused_truncated: true,
    });
    expect(answer.body.data.report.refused[0]).toEqual({
      row: 2,
      field: 'email',
      message: 'This email is on more than one row of the file (rows 2, 3, 4 and 99,997 more)',
    });
    expect(answer.health.answers).toBeGreaterThan(0);
    expect(answer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('checks a file of blank lines as big as the limit takes, in staff and in metric values', async () => {
    // A line break is two bytes in the JSON body: this is the most blank lines a body holds.
    const lines = Math.floor((IMPORT_BODY_LIMIT_BYTES - 1000) / 2);
    const staff = `${STAFF_HEADER}\n${'\n'.repeat(lines)}Ada,Lovelace,blank.lines@example.com,Lecturer,CIT,2024-01-10\n`;
    const staffAnswer = await importWhileHealthIsAsked(ctx(), '/api/employees/import', staff);
    expect(staffAnswer.status).toBe(200);
    expect(staffAnswer.body.message).toBe(
      'Checked 1 row: 1 row can be imported, 0 rows would be refused',
    );
    expect(staffAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);

    const values = `${VALUE_HEADER}\n${'\n'.repeat(lines)}nobody@example.com,Teaching,50\n`;
    const valueAnswer = await importWhileHealthIsAsked(
      ctx(),
      '/api/performance-metrics/import',
      values,
    );
    expect(valueAnswer.status).toBe(200);
    expect(valueAnswer.body.data.report).toMatchObject({
      total_rows: 1,
      refused: [
        { row: lines + 2, field: 'employee_email', message: 'Employee not found' },
        { row: lines + 2, field: 'metric_name', message: 'Metric type not found' },
      ],
    });
    expect(valueAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('checks 100,000 rows as long as the limit allows, each looked up in the database', async () => {
    // Every row as long as the body limit lets 100,000 rows be: long, distinct emails.
    const rowBytes = Math.floor((IMPORT_BODY_LIMIT_BYTES - 1000) / MAX_IMPORT_ROWS) - 2;
    const staffRow = (i: number) => {
      const fixed = `Ada,Lovelace,@example.com,Lecturer,CIT,2024-01-10`;
      const local = `${i}.`.padEnd(rowBytes - fixed.length, 'x');
      return `Ada,Lovelace,${local}@example.com,Lecturer,CIT,2024-01-10`;
    };
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => staffRow(i));
    const staff = `${STAFF_HEADER}\n${rows.join('\n')}\n`;
    const staffAnswer = await importWhileHealthIsAsked(ctx(), '/api/employees/import', staff);
    expect(staffAnswer.status).toBe(200);
    expect(staffAnswer.body.data.report).toMatchObject({
      total_rows: MAX_IMPORT_ROWS,
      valid_rows: MAX_IMPORT_ROWS,
      refused_rows: 0,
    });
    expect(staffAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);

    const valueRow = (i: number) => {
      const fixed = `@example.com,Teaching,50`;
      return `${`${i}.`.padEnd(rowBytes - fixed.length, 'x')}${fixed}`;
    };
    const values = `${VALUE_HEADER}\n${Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => valueRow(i)).join('\n')}\n`;
    const valueAnswer = await importWhileHealthIsAsked(
      ctx(),
      '/api/performance-metrics/import',
      values,
    );
    expect(valueAnswer.status).toBe(200);
    expect(valueAnswer.body.data.report).toMatchObject({
      total_rows: MAX_IMPORT_ROWS,
      refused_rows: MAX_IMPORT_ROWS,
      refused_truncated: true,
    });
    expect(valueAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('stores 20,000 staff and then 60,000 of their metric values while health answers', async () => {
    const staffCount = 20_000;
    // A try after the first stores other people (the emails must be new).
    const staff = (attempt: number) =>
      `${STAFF_HEADER}\n${Array.from(
        { length: staffCount },
        (_, i) => `Ada,Stored${i},stored.${attempt}.${i}@example.com,Lecturer,CIT,2020-01-10`,
      ).join('\n')}\n`;
    const staffAnswer = await importWhileHealthIsAsked(ctx(), '/api/employees/import', staff, {
      dryRun: false,
    });
    expect(staffAnswer.status, JSON.stringify(staffAnswer.body)).toBe(200);
    expect(staffAnswer.body.data.report).toMatchObject({ imported: staffCount, refused_rows: 0 });
    expect(staffAnswer.health.answers).toBeGreaterThan(0);
    expect(staffAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);

    // After the blank-lines case, which expects no such type.
    await insertMetricType(ctx().db, { metric_name: 'Teaching' });
    const valueCount = 60_000;
    // The first try's staff: values may repeat, so every try sends the same file.
    const valueRows = Array.from(
      { length: valueCount },
      (_, i) => `stored.0.${i % staffCount}@example.com,Teaching,${(i % 99) + 1}`,
    );
    const values = `${VALUE_HEADER}\n${valueRows.join('\n')}\n`;
    const valueAnswer = await importWhileHealthIsAsked(
      ctx(),
      '/api/performance-metrics/import',
      values,
      { dryRun: false },
    );
    expect(valueAnswer.status, JSON.stringify(valueAnswer.body)).toBe(200);
    expect(valueAnswer.body.data.report).toMatchObject({ imported: valueCount, refused_rows: 0 });
    expect(valueAnswer.health.slowest).toBeLessThan(HEALTH_BUDGET_MS);
    const stored = await ctx()
      .db.selectFrom('performance_metrics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(valueCount * valueAnswer.attempts);
  });

  it('runs two imports at once and refuses a third with 503 and Retry-After until one ends', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `Ada,Lovelace,cap.${i}@example.com,Lecturer,CIT,2024-01-10`,
    );
    const csv = `${STAFF_HEADER}\n${rows.join('\n')}\n`;
    const send = () =>
      ctx().call('POST', '/api/employees/import', {
        token: ctx().as.manager.token,
        body: { csv, dry_run: true },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 503]);
    expect(answers[2]!.body).toEqual({
      success: false,
      message: 'Other imports are running. Please try again in a moment.',
    });
    expect(answers[2]!.headers['retry-after']).toBe('10');
    expect((await send()).status).toBe(200);
  });
});
