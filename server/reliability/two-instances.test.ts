import { tmpdir } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromHundredths } from '#contract/metric-value-rule';
import { loadConfig } from '../src/config';
import type { DB } from '../src/db/schema';
import { createEmployeeDashboardService } from '../src/modules/insights/employee-dashboard.service';
import { ApiClient } from './helpers/api-client';
import { derivedDataProblems, rankingFromScratch, rankingProblems } from './helpers/consistency';
import { postgresIntegrityProblems } from './helpers/integrity';
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
 * the last ranking it computed; and each the dashboards and list pages of the moment, though
 * each remembers the dashboards and the list items it answered.
 */

const zip = <A, B>(as: A[], bs: B[]) => as.map((a, i): [A, B] => [a, bs[i]!]);
/** The server's own configuration: the same environment as startServer gives it. */
const config = loadConfig({ ...process.env, DATA_DIR: tmpdir() });

/** Gives each employee an account (link-employee) and signs in with its temporary password. */
async function signInAsStaff(admin: ApiClient, employeeIds: number[]): Promise<ApiClient[]> {
  const staff: ApiClient[] = [];
  for (const id of employeeIds) {
    const linked = await admin.call('POST', `/api/employees/${id}/link-employee`);
    if (linked.status !== 201) throw new Error(`link-employee: ${JSON.stringify(linked.body)}`);
    const { user, temporary_password: password } = linked.body.data;
    // A one-time password opens nothing but its own change (issue 55): choose one first.
    const temporary = await ApiClient.signIn(admin.origin, { email: user.email, password });
    const chosen = `${password}-chosen`;
    const changed = await temporary.call('PUT', '/api/users/change-password', {
      oldPassword: password,
      newPassword: chosen,
    });
    if (changed.status !== 200) throw new Error(`change-password: ${JSON.stringify(changed.body)}`);
    staff.push(await ApiClient.signIn(admin.origin, { email: user.email, password: chosen }));
  }
  return staff;
}

/**
 * The first pages of the metric values and the bonuses as the database holds them now (those of
 * employees still there), and as an instance answers them, each as a few fields that change.
 */
const LISTS = {
  values: {
    url: '/api/performance-metrics?limit=1000',
    answered: (data: { performance_metrics: { id: number; value: number; comment: unknown }[] }) =>
      data.performance_metrics.map(({ id, value, comment }) => [id, value, comment]),
    stored: async (db: Kysely<DB>) =>
      (
        await db
          .selectFrom('performance_metrics as p')
          .innerJoin('employees as e', 'e.id', 'p.user_id')
          .select(['p.id', 'p.value_hundredths', 'p.comment'])
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(1000)
          .execute()
      ).map((row) => [row.id, fromHundredths(Number(row.value_hundredths)), row.comment]),
  },
  bonuses: {
    url: '/api/bonuses?limit=1000',
    answered: (data: { bonuses: { id: number; bonus_name: string }[] }) =>
      data.bonuses.map(({ id, bonus_name }) => [id, bonus_name]),
    stored: async (db: Kysely<DB>) =>
      (
        await db
          .selectFrom('bonuses as b')
          .innerJoin('employees as e', 'e.id', 'b.employee_id')
          .select(['b.id', 'b.bonus_name'])
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc')
          .limit(1000)
          .execute()
      ).map((row) => [row.id, row.bonus_name]),
  },
};

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
    // Some of the staff sign in too, four written for by the load and two by this test alone;
    // each instance remembers their dashboards before the load.
    const staff = await signInAsStaff(onA, organisation.employeeIds.slice(0, 4));
    const { employeeIds: quietIds } = await setUpOrganisation(onA, { employees: 2, types: 0 });
    const quiet = await signInAsStaff(onA, quietIds);
    for (const person of [...staff, ...quiet]) {
      for (const api of [onA, onB]) {
        expect((await person.at(api.origin).call('GET', '/api/employees/dashboard')).status).toBe(
          200,
        );
      }
    }
    // Each instance has a ranking cached before the load, and the lists' items remembered: they
    // must not be served stale after.
    for (const api of [onA, onB]) {
      expect((await api.call('GET', '/api/employees/rank?limit=1000')).status).toBe(200);
      for (const list of Object.values(LISTS)) {
        expect((await api.call('GET', list.url)).status).toBe(200);
      }
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

    // Each instance answers each dashboard as it is read from the database now.
    const expectCurrentDashboards = async (people: [ApiClient, number][]) => {
      const database = store.open();
      try {
        const fromScratch = createEmployeeDashboardService({ db: database.db, config });
        for (const [person, employeeId] of people) {
          const current = await fromScratch.dashboard({ employeeId });
          for (const api of [onA, onB]) {
            const answer = await person.at(api.origin).call('GET', '/api/employees/dashboard');
            if (answer.status === 401) continue; // the load deleted their employee and account
            expect(answer.body.data).toEqual(current);
          }
        }
      } finally {
        await database.close();
      }
    };
    const staffIds = organisation.employeeIds.slice(0, staff.length);
    await expectCurrentDashboards([...zip(staff, staffIds), ...zip(quiet, quietIds)]);
    // And each list page as the database holds it now: a URL of its own for each read, so the
    // response cache answers none of them.
    let read = 0;
    const expectCurrentLists = async () => {
      const database = store.open();
      try {
        for (const list of Object.values(LISTS)) {
          const stored = await list.stored(database.db);
          expect(stored.length).toBeGreaterThan(0);
          for (const api of [onA, onB]) {
            const answer = await api.call('GET', `${list.url}&read=${read++}`);
            expect(answer.status).toBe(200);
            expect(list.answered(answer.body.data)).toEqual(stored);
          }
        }
      } finally {
        await database.close();
      }
    };
    await expectCurrentLists();
    // A value recorded through one instance and a bonus awarded through the other.
    for (const [index, employeeId] of quietIds.entries()) {
      const value = await [onA, onB][index]!.call('POST', '/api/performance-metrics', {
        metric_type_id: organisation.typeIds[0],
        user_id: employeeId,
        value: 75,
      });
      expect(value.status).toBe(201);
      await expectCurrentDashboards(zip(quiet, quietIds));
      const bonus = await [onB, onA][index]!.call('POST', '/api/bonuses', {
        employee_id: employeeId,
        bonus_name: 'Steady work',
        description: 'Two instances agree',
      });
      expect(bonus.status).toBe(201);
      await expectCurrentDashboards(zip(quiet, quietIds));
    }
    // A value changed through one instance and a bonus renamed through the other, each read
    // through both after each had answered them.
    const [newest] = (await onA.call('GET', LISTS.values.url)).body.data.performance_metrics;
    const edited = await onB.call('PUT', `/api/performance-metrics/${newest.id}`, {
      value: 12.5,
      comment: 'Changed on the other instance',
    });
    expect(edited.status).toBe(200);
    const [latest] = (await onB.call('GET', LISTS.bonuses.url)).body.data.bonuses;
    const renamed = await onA.call('PUT', `/api/bonuses/${latest.id}`, {
      bonus_name: 'Renamed on the other instance',
      description: 'Both instances show the new name',
    });
    expect(renamed.status).toBe(200);
    await expectCurrentLists();

    const database = store.open();
    try {
      // Scores, insight totals, list totals, value buckets, searches: every derived table.
      expect(await derivedDataProblems(database.db)).toEqual([]);
      expect((await postgresIntegrityProblems(database.db)).problems).toEqual([]);
      // Writers take their rows in one order (ADR 30): none waited out a deadlock (a second's
      // stall each, and a 500 after three tries) in the whole load.
      const { rows } = await sql<{ deadlocks: string }>`
        select deadlocks::text from pg_stat_database where datname = current_database()`.execute(
        database.db,
      );
      expect(Number(rows[0]!.deadlocks)).toBe(0);

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
