import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import {
  insightTotalProblems,
  postgresIntegrityProblems,
  rankingFromScratch,
  rankingProblems,
  scoreAggregateProblems,
} from './helpers/consistency';
import { createStore, type TestStore } from './helpers/databases';
import { startServer, type RunningServer } from './helpers/server-process';
import { Ledger } from './helpers/ledger';
import { runWriteLoad, setUpOrganisation } from './helpers/write-load';

/**
 * README "Scaling out": two real server processes on one PostgreSQL database (same JWT_SECRET),
 * every client sending each request to either one at random. Concurrent metric values created,
 * edited and deleted, bonuses awarded and deleted, staff added and deleted (with their values
 * cascading away) must leave every aggregate equal to a recomputation, and both instances must
 * answer the same rankings, equal to the recomputed ones, though each keeps its own cache of
 * the last ranking it computed.
 */

const CLIENTS = 8;
const WRITES = Number(process.env.TWO_INSTANCE_WRITES ?? 400);

const run = inject('reliabilityPostgres') ? describe : describe.skip;

run('two server instances on one PostgreSQL database', () => {
  let store: TestStore;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    store = await createStore('postgres');
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await store?.remove();
  });

  it(`keep aggregates and rankings equal to a recomputation under ${WRITES} concurrent writes`, async () => {
    // The first migrates the empty database; the second starts on the migrated one.
    servers.push(await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl }));
    servers.push(await startServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const onA = await ApiClient.asAdmin(a.origin);
    // One session serves on both: the instances share JWT_SECRET and keep no session state.
    const onB = onA.at(b.origin);
    expect((await onB.call('GET', '/api/auth/me')).status).toBe(200);

    const organisation = await setUpOrganisation(onA, { employees: 12, types: 3 });
    // Each instance has a ranking cached before the load: it must not be served stale after.
    for (const api of [onA, onB]) {
      expect((await api.call('GET', '/api/employees/rank?limit=1000')).status).toBe(200);
    }

    const ledger = new Ledger();
    await runWriteLoad({
      clients: Array.from({ length: CLIENTS }, () => [onA, onB]),
      organisation,
      ledger,
      mix: {
        'record-metric': 35,
        'edit-metric': 15,
        'delete-metric': 8,
        'award-bonus': 12,
        'delete-bonus': 5,
        'create-employee': 8,
        'delete-employee': 5,
        read: 12,
      },
      stop: () => ledger.acknowledged >= WRITES,
      // Another client may have deleted the employee a value or bonus was meant for.
      allowedRefusals: [404],
    });
    expect(ledger.problems, `${a.output()}\n${b.output()}`).toEqual([]);
    expect(ledger.unanswered).toBe(0);
    expect(ledger.acknowledged).toBeGreaterThanOrEqual(WRITES);
    expect([...ledger.employees.values()].some((employee) => !employee.present)).toBe(true);

    const database = store.open();
    try {
      expect(await scoreAggregateProblems(database.db)).toEqual([]);
      expect(await insightTotalProblems(database.db)).toEqual([]);
      expect((await postgresIntegrityProblems(database.db)).problems).toEqual([]);

      const fromA = await onA.call('GET', '/api/employees/rank?limit=1000');
      const fromB = await onB.call('GET', '/api/employees/rank?limit=1000');
      expect(fromA.status).toBe(200);
      expect(fromB.body).toEqual(fromA.body);
      const recomputed = await rankingFromScratch(database.db);
      expect(recomputed.length).toBeGreaterThan(5);
      expect(rankingProblems(fromA.body.data.rankings, recomputed)).toEqual([]);

      const figuresA = await onA.call('GET', '/api/hr/metrics');
      const figuresB = await onB.call('GET', '/api/hr/metrics');
      expect(figuresB.body).toEqual(figuresA.body);
      const counts = await database.db
        .selectNoFrom((eb) => [
          eb.selectFrom('employees').select(eb.fn.countAll<number>().as('n')).as('staff'),
          eb
            .selectFrom('performance_metrics')
            .select(eb.fn.countAll<number>().as('n'))
            .as('values'),
          eb.selectFrom('bonuses').select(eb.fn.countAll<number>().as('n')).as('bonuses'),
        ])
        .executeTakeFirstOrThrow();
      expect(figuresA.body.data).toMatchObject({
        total_staff: Number(counts.staff),
        total_metrics: Number(counts.values),
        bonuses_awarded: Number(counts.bonuses),
      });
    } finally {
      await database.close();
    }
  });
});
