import { expect, it } from 'vitest';
import { loadDemoData } from '../src/db/seed/demo-data';
import { localDay } from '../src/modules/performance-metrics/join-date-rule';
import { ENGINES, createTestDatabase, describeOn } from './helpers/test-database';

/**
 * The demo organisation is believable (issue 56, point 8): no metric value or bonus predates its
 * employee's join date. Loaded on the 1st of a month, when every new starter of the month joined
 * that very day, and mid-month.
 */
for (const engine of ENGINES) {
  describeOn(engine)(`demo data [${engine}]`, () => {
    for (const now of [new Date(2025, 11, 1, 9, 30), new Date(2026, 2, 17, 15, 0)]) {
      it(`dates nothing before its employee joined (loaded ${now.toDateString()})`, async () => {
        const { database, drop } = await createTestDatabase(engine);
        const db = database.db;
        try {
          await loadDemoData(db, { now });
          const employees = await db.selectFrom('employees').select(['id', 'join_date']).execute();
          const joined = new Map(employees.map((e) => [e.id, String(e.join_date).slice(0, 10)]));
          const early = (rows: { who: number; created_at: unknown }[]) =>
            rows
              .filter((row) => localDay(String(row.created_at)) < joined.get(row.who)!)
              .map((row) => `${row.who} ${String(row.created_at)} < ${joined.get(row.who)}`);

          const values = await db
            .selectFrom('performance_metrics')
            .select(['user_id as who', 'created_at'])
            .execute();
          const bonuses = await db
            .selectFrom('bonuses')
            .select(['employee_id as who', 'created_at'])
            .execute();
          expect(values.length).toBeGreaterThan(500);
          expect(bonuses.length).toBeGreaterThan(20);
          expect(early(values)).toEqual([]);
          expect(early(bonuses)).toEqual([]);

          // Those who joined today have nothing older than today, and so no year of history.
          const today = localDay(now);
          const newToday = employees.filter((e) => joined.get(e.id) === today).map((e) => e.id);
          if (now.getDate() === 1) expect(newToday.length).toBeGreaterThan(0);
          const theirs = values.filter((v) => newToday.includes(v.who));
          expect(theirs.every((v) => localDay(String(v.created_at)) === today)).toBe(true);
        } finally {
          await drop();
        }
      });
    }
  });
}
