import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { derivedDataProblems, rankingFromScratch, rankingProblems } from './helpers/consistency';
import { postgresIntegrityProblems, sqliteIntegrityProblems } from './helpers/integrity';
import { createStore, describeEachEngine, type TestStore } from './helpers/databases';
import { startServer, type RunningServer } from './helpers/server-process';
import { Ledger, ledgerDifferences } from './helpers/ledger';
import { runWriteLoad, setUpOrganisation } from './helpers/write-load';

/**
 * PRODUCT.md section 6, "nothing lost": under a mixed read/write load from several clients the
 * real server is killed with SIGKILL, in the middle of requests, then started again on the same
 * database. Every write it answered 2xx must be there, the database must pass its integrity
 * checks, and every aggregate must equal a recomputation (a half-applied transaction would
 * break them).
 */

const CLIENTS = 6;
const KILL_AFTER_WRITES = Number(process.env.CRASH_WRITES ?? 300);

describeEachEngine('killed with SIGKILL under load', (engine) => {
  let store: TestStore;
  let server: RunningServer | undefined;
  const ledger = new Ledger();

  beforeAll(async () => {
    store = await createStore(engine);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.remove();
  });

  it(`keeps every acknowledged write after a kill -9 at ${KILL_AFTER_WRITES} writes`, async () => {
    server = await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    const admin = await ApiClient.asAdmin(server.origin);
    const organisation = await setUpOrganisation(admin, { employees: 15, types: 3 });

    const victim = server;
    let killing: Promise<void> | null = null;
    await runWriteLoad({
      clients: Array.from({ length: CLIENTS }, () => [admin]),
      organisation,
      ledger,
      mix: {
        'record-metric': 40,
        'edit-metric': 10,
        'delete-metric': 5,
        'award-bonus': 15,
        'delete-bonus': 3,
        'create-employee': 10,
        read: 17,
      },
      // Every client stops by itself when the server stops answering.
      stop: () => false,
      onAcknowledged(current) {
        // Killed from inside the load, so other clients have requests in flight.
        if (!killing && current.acknowledged >= KILL_AFTER_WRITES) killing = victim.crash();
      },
    });
    await killing;
    expect(ledger.problems, server.output()).toEqual([]);
    expect(ledger.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER_WRITES);
    // The kill caught requests in flight (their outcome is allowed to go either way).
    expect(ledger.unanswered).toBeGreaterThan(0);

    // Started again on the same data, it serves at once.
    server = await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    const again = await ApiClient.asAdmin(server.origin);
    const ranking = await again.call('GET', '/api/employees/rank?limit=1000');
    expect(ranking.status).toBe(200);

    const database = store.open();
    try {
      expect(await ledgerDifferences(database.db, ledger)).toEqual([]);
      // Scores, insight totals, list totals, value buckets, searches: every derived table.
      expect(await derivedDataProblems(database.db)).toEqual([]);
      expect(
        rankingProblems(ranking.body.data.rankings, await rankingFromScratch(database.db)),
      ).toEqual([]);
      if (engine === 'sqlite') {
        expect(sqliteIntegrityProblems(store.sqliteFile)).toEqual([]);
      } else {
        const integrity = await postgresIntegrityProblems(database.db);
        expect(integrity.problems).toEqual([]);
        expect(integrity.indexesChecked).toBeGreaterThan(10);
      }
    } finally {
      await database.close();
    }
  });
});
