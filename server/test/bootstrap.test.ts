import { expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { bootstrapDatabase } from '../src/db/seed/bootstrap';
import { DEPARTMENTS } from '../src/db/seed/demo-catalogue';
import { toIso } from '../src/lib/clock';
import { verifyPassword } from '../src/lib/passwords';
import { ENGINES, createTestDatabase, describeOn } from './helpers/test-database';

const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

for (const engine of ENGINES) {
  const run = describeOn(engine);
  run(`first start [${engine}]`, () => {
    it('creates the configured admin once and loads a believable demo organisation into an empty database', async () => {
      const { database, drop } = await createTestDatabase(engine);
      const db = database.db;
      try {
        const env = { ADMIN_EMAIL: ' Owner@Example.org ', ADMIN_PASSWORD: 'owner-password-1' };
        const first = await bootstrapDatabase(db, config(env));
        expect(first.adminCreated).toBe('owner@example.org');
        expect(first.demo?.accounts.map((a) => a.role)).toEqual(['admin', 'manager', 'employee']);

        const admin = await db
          .selectFrom('users')
          .selectAll()
          .where('email', '=', 'owner@example.org')
          .executeTakeFirstOrThrow();
        expect(admin.user_type).toBe('admin');
        expect(await verifyPassword(admin.password_hash!, 'owner-password-1')).toBe(true);

        // Every demo account can sign in with the password printed once.
        for (const account of first.demo!.accounts) {
          const user = await db
            .selectFrom('users')
            .select(['password_hash', 'user_type', 'employee_id'])
            .where('email', '=', account.email)
            .executeTakeFirstOrThrow();
          expect(user.user_type).toBe(account.role);
          expect(await verifyPassword(user.password_hash!, account.password)).toBe(true);
          if (account.role === 'employee') expect(user.employee_id).not.toBeNull();
        }

        const employees = await db
          .selectFrom('employees')
          .select(['department', 'manager_id'])
          .execute();
        expect(employees.length).toBeGreaterThanOrEqual(55);
        expect(new Set(employees.map((e) => e.department))).toEqual(new Set(DEPARTMENTS));
        expect(employees.filter((e) => e.manager_id !== null).length).toBeGreaterThan(40);

        const span = await db
          .selectFrom('performance_metrics')
          .select((eb) => [
            eb.fn.min('created_at').as('first'),
            eb.fn.max('created_at').as('last'),
            eb.fn.countAll<number>().as('n'),
          ])
          .executeTakeFirstOrThrow();
        expect(Number(span.n)).toBeGreaterThan(500);
        const days = (Date.parse(toIso(span.last!)) - Date.parse(toIso(span.first!))) / 86_400_000;
        expect(days).toBeGreaterThan(300);
        const bonuses = await db.selectFrom('bonuses').select('id').execute();
        expect(bonuses.length).toBeGreaterThan(20);
        const questions = await db.selectFrom('questions').select(['response']).execute();
        expect(questions.some((q) => q.response !== null)).toBe(true);
        expect(questions.some((q) => q.response === null)).toBe(true);

        // Aggregates were built: they agree with the values.
        const totals = await db
          .selectFrom('employee_scores')
          .select((eb) => eb.fn.sum<number>('metric_count').as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(totals.n)).toBe(Number(span.n));

        // A restart neither adds a second admin nor reloads the demo.
        const second = await bootstrapDatabase(db, config(env));
        expect(second).toEqual({ adminCreated: null, demo: null });
        const admins = await db
          .selectFrom('users')
          .select('id')
          .where('user_type', '=', 'admin')
          .execute();
        expect(admins).toHaveLength(2);
      } finally {
        await drop();
      }
    });

    it('loads no demo data when DEMO_DATA=false', async () => {
      const { database, drop } = await createTestDatabase(engine);
      try {
        const result = await bootstrapDatabase(database.db, config({ DEMO_DATA: 'false' }));
        expect(result.demo).toBeNull();
        expect(await database.db.selectFrom('employees').select('id').execute()).toHaveLength(0);
      } finally {
        await drop();
      }
    });
  });
}
