import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { derivedDataProblems } from './helpers/consistency';
import { postgresIntegrityProblems, sqliteIntegrityProblems } from './helpers/integrity';
import { createStore, describeEachEngine, type TestStore } from './helpers/databases';
import { projectRoot, startServer, type RunningServer } from './helpers/server-process';
import { Ledger } from './helpers/ledger';
import { runWriteLoad, setUpOrganisation } from './helpers/write-load';

/**
 * PRODUCT.md section 1, "Operations": `npm run backup` takes a consistent copy while the server
 * runs under writes, and `npm run restore` puts it back. Everything answered before the backup
 * started must be in the restored database, nothing answered after it finished may be, the copy
 * must pass the integrity checks, and its aggregates must equal a recomputation (a copy of a
 * moment inside a transaction would break them).
 */

interface NpmRun {
  code: number | null;
  output: string;
}

function npmRun(script: string, args: string[], store: TestStore): Promise<NpmRun> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The response cache's data version (migration 0007). */
async function dataVersionOf(store: TestStore): Promise<number> {
  const database = store.open();
  try {
    const row = await database.db
      .selectFrom('list_totals')
      .select('value')
      .where('name', '=', 'data_version')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  } finally {
    await database.close();
  }
}

describeEachEngine('npm run backup and restore', (engine) => {
  let store: TestStore;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    store = await createStore(engine);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.remove();
  });

  it('round-trips a copy taken under writes without losing an acknowledged write', async () => {
    server = await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    const admin = await ApiClient.asAdmin(server.origin);
    const organisation = await setUpOrganisation(admin, { employees: 10, types: 3 });

    const ledger = new Ledger();
    let stop = false;
    const load = runWriteLoad({
      clients: Array.from({ length: 4 }, () => [admin]),
      organisation,
      ledger,
      mix: { 'record-metric': 45, 'award-bonus': 20, 'create-employee': 10, read: 25 },
      stop: () => stop,
    });

    const waitFor = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await waitFor(() => ledger.acknowledged >= 150);

    // Everything acknowledged by now must be in the copy.
    const acknowledgedBefore = {
      metrics: [...ledger.metrics.keys()],
      bonuses: [...ledger.bonuses.keys()],
      employees: [...ledger.employees.keys()],
    };
    const writesBefore = ledger.acknowledged;
    const file = path.join(
      store.dataDir,
      'copies',
      `round-trip.${engine === 'sqlite' ? 'sqlite' : 'dump'}`,
    );
    const backup = await npmRun('backup', [file], store);
    const finishedAt = Date.now();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(file);
    const writesDuring = ledger.acknowledged - writesBefore;

    // Writes go on after the copy: none of them may come back with the restore.
    await waitFor(() => ledger.acknowledged >= writesBefore + writesDuring + 40);
    stop = true;
    await load;
    expect(ledger.problems).toEqual([]);
    expect(writesDuring, 'the server kept writing while the copy was taken').toBeGreaterThan(0);
    const afterCopy = [...ledger.metrics.entries()]
      .filter(([, tracked]) => tracked.createdAt > finishedAt)
      .map(([id]) => id);
    expect(afterCopy.length).toBeGreaterThan(0);

    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077, 'the copy is readable by its owner only').toBe(0);
    if (engine === 'sqlite') expect(sqliteIntegrityProblems(file)).toEqual([]);

    // Restoring under a running server is refused and changes nothing.
    const refused = await npmRun('restore', [file], store);
    expect(refused.code, refused.output).not.toBe(0);
    expect(refused.output).toMatch(/stop the server/);
    expect((await admin.call('GET', '/api/health')).status).toBe(200);

    await server.stop();
    const versionBeforeRestore = await dataVersionOf(store);
    const restored = await npmRun('restore', [file], store);
    expect(restored.code, restored.output).toBe(0);

    const database = store.open();
    try {
      const ids = async (table: 'performance_metrics' | 'bonuses' | 'employees') =>
        new Set((await database.db.selectFrom(table).select('id').execute()).map((r) => r.id));
      const metrics = await ids('performance_metrics');
      const bonuses = await ids('bonuses');
      const employees = await ids('employees');
      expect(acknowledgedBefore.metrics.filter((id) => !metrics.has(id))).toEqual([]);
      expect(acknowledgedBefore.bonuses.filter((id) => !bonuses.has(id))).toEqual([]);
      expect(acknowledgedBefore.employees.filter((id) => !employees.has(id))).toEqual([]);
      expect(afterCopy.filter((id) => metrics.has(id))).toEqual([]);
      for (const [id, tracked] of ledger.metrics) {
        if (!metrics.has(id)) continue;
        const row = await database.db
          .selectFrom('performance_metrics')
          .select('value_hundredths')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(Number(row.value_hundredths), `metric value ${id}`).toBe(tracked.value.hundredths);
      }
      // Scores, insight totals, list totals, value buckets, searches: every derived table.
      expect(await derivedDataProblems(database.db)).toEqual([]);
      if (engine === 'sqlite') {
        expect(sqliteIntegrityProblems(store.sqliteFile)).toEqual([]);
      } else {
        expect((await postgresIntegrityProblems(database.db)).problems).toEqual([]);
        // Servers still running through a --force restore must not answer from their caches.
        expect(
          await dataVersionOf(store),
          'the data version moves past the one before the restore',
        ).toBeGreaterThan(versionBeforeRestore);
      }
    } finally {
      await database.close();
    }

    // The server starts on the restored database and serves it.
    server = await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    const again = await ApiClient.asAdmin(server.origin);
    const figures = await again.call('GET', '/api/hr/metrics');
    expect(figures.status).toBe(200);
    expect(figures.body.data.total_metrics).toBeGreaterThanOrEqual(
      acknowledgedBefore.metrics.length,
    );
  });
});
