import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT_BYTES, MAX_IMPORT_ROWS } from '#contract/csv-import';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * The worst files the imports take (issue 55): the most rows, the most blank lines and the
 * longest rows within the row cap and the body limit, sent over real HTTP to a listening server
 * while another client asks /api/health every 50 ms. Each import answers its report, and no
 * health answer waits 100 ms or more behind it. Dry runs: they read and check the whole file
 * as an import does; storing 100,000 rows is the database's own time, not the check's.
 */

const HEALTH_BUDGET_MS = 100;
const STAFF_HEADER = 'first_name,last_name,email,position,department,join_date';
const VALUE_HEADER = 'employee_email,metric_name,value';

/**
 * A client on a thread of its own (the test's thread is the server's): it asks for health
 * every 50 ms until told to stop, and answers the slowest answer's time and how many it had.
 */
const HEALTH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  let slowest = 0;
  let answers = 0;
  while (!stop) {
    const started = performance.now();
    const response = await fetch(workerData + '/api/health');
    await response.text();
    if (response.status !== 200) throw new Error('health answered ' + response.status);
    slowest = Math.max(slowest, performance.now() - started);
    answers++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  parentPort.postMessage({ slowest, answers });
})();
`;

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

  async function importWhileHealthIsAsked(context: TestContext, path: string, csv: string) {
    expect(jsonSize(csv)).toBeLessThanOrEqual(IMPORT_BODY_LIMIT_BYTES);
    const client = new Worker(HEALTH_CLIENT, { eval: true, workerData: base });
    const failed = new Promise<never>((_, reject) => client.once('error', reject));
    // Let the client have its first answers (and warm up) before the file is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const response = await fetch(base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${context.as.manager.token}`,
      },
      body: JSON.stringify({ csv, dry_run: true, mode: 'valid_rows_only' }),
    });
    const body = await response.json();
    const stopped = new Promise<{ slowest: number; answers: number }>((resolve) =>
      client.once('message', resolve),
    );
    client.postMessage('stop');
    const health = await Promise.race([stopped, failed]);
    await client.terminate();
    return { status: response.status, body, health };
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
});
