import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listEmployeesQuerySchema } from '#contract/employees';
import { listUsersQuerySchema } from '#contract/users';
import { containsIgnoringCase, lowerContainsPattern } from '../src/db/like';
import { listEmployees } from '../src/modules/employees/staff-list.repository';
import { listHrQuestions } from '../src/modules/questions/hr-questions.repository';
import { listUsers } from '../src/modules/users/users-list.repository';
import { insertEmployee, insertUser } from './helpers/factories';
import { insertQuestion } from './helpers/question-factories';
import { describeEachEngine } from './helpers/test-app';

/**
 * The staff, account and question searches answer exactly what the plain LIKE scan answers (the
 * search's meaning since migration 0002), whichever index serves them: SQLite's FTS5 trigram
 * indexes (migration 0005) for 3 characters or more; on PostgreSQL the GIN trigram indexes of
 * the stored lowered columns, compared with LIKE where the scan uses ILIKE. The SQLite indexes
 * are kept by triggers, so rows are also renamed and deleted before comparing. Small pages are
 * compared too, with terms many rows match and terms few do.
 */

const NAMES: [string, string, string][] = [
  ['Élodie', 'Müller', 'Senior Lecturer (50% research)'],
  ['Ingrid', 'O\u2019Brien-Straße', 'Head of a_b Unit'],
  ['Kelvin', '\u212Aarlsson', 'ſpecial Ops'],
  ['İsmail', 'İstanbullu', 'Naïve Café Crème'],
  ['Zoë', '"Quoted" Smith', 'Emoji 🎉 Party Planner'],
  ['Jo', 'Xu', 'It'],
  ['Anna', 'Johnson', 'Back\\slash Analyst'],
  ['Ǆemal', 'GROẞMANN', 'Ⅻ Office'],
];

const TERMS = [
  ...['50%', '0% r', '%', '_', 'a_b', 'a%b', '\\', 'back\\sl', '"', '"quoted"', '""', '\u2019'],
  ...['élodie', 'ÉLODIE', 'müller', 'MÜLLER', 'straße', 'STRASSE', 'kelvin', 'KEL', 'karl'],
  ...['\u212Aarl', 'ſpe', 'spe', 'i̇stanbul', 'İstanbul', 'istanbul', 'naïve', 'NAÏVE', 'café cr'],
  ...['🎉', '🎉 p', 'zoë', 'jo xu', 'jo', 'xu', 'x', 'it', 'son', 'SON', 'o\u2019b', 'n j'],
  ...['anna johnson', 'johnson\nback', '@example', 'example.com', 'no such text anywhere'],
  ...['common walk', 'COMMON', 'walker'],
  // lower() changes some letters' length or maps several capitals to one small letter.
  ...['İ', 'i̇', 'ẞ', 'ß', 'groß', 'GROẞ', 'ǆ', 'Ǆemal', 'ǅ', 'ⅻ', 'Ⅻ O'],
  ...['\\%', '%_', 'a\\_b', '\\\\', '_b u', '%%%'],
];

describeEachEngine('text searches match the LIKE scan exactly', (ctx) => {
  it('finds staff, accounts and questions by exactly what a LIKE scan finds, on tricky terms', async () => {
    const db = ctx().db;
    const staff: number[] = [];
    for (const [index, [first, last, position]] of NAMES.entries()) {
      const id = await insertEmployee(db, {
        first_name: first,
        last_name: last,
        position,
        email: `${first}.${index}.${process.pid}@Example.com`.toLowerCase(),
        employee_code: `TS-${index}`,
      });
      staff.push(id);
      await insertUser(db, {
        user_type: index % 2 ? 'employee' : 'manager',
        firstname: first,
        lastname: last,
        email: `acct.${last.replace(/[^A-Za-z]/g, '')}.${index}.${process.pid}@example.com`,
      });
      await insertQuestion(db, id, { question: `How did "${position}" go, ${first}?` });
      await insertQuestion(db, id, { question: `NAÏVE question ${index}`, response: 'Fine' });
    }
    // A term most staff match, but not all: a small page is then found by walking the list's
    // order and testing each row, not by reading every match.
    for (const index of [0, 1, 2, 3, 4]) {
      await insertEmployee(db, {
        first_name: `Walker${index}`,
        last_name: `Zed${index}`,
        position: 'Common Walker',
        email: `walker.${index}.${process.pid}@example.com`,
        employee_code: `TS-W${index}`,
      });
    }
    // Renamed and removed rows must leave the trigram tables too.
    await db
      .updateTable('employees')
      .set({ last_name: 'Renamed-Karlsson', position: 'Was Special' })
      .where('id', '=', staff[2]!)
      .execute();
    await db
      .updateTable('users')
      .set({ firstname: 'Renamed', email: `renamed.${process.pid}@example.com` })
      .where('firstname', '=', 'Jo')
      .execute();
    await db
      .updateTable('questions')
      .set({ question: 'Rewritten' })
      .where('employee_id', '=', staff[1]!)
      .execute();
    // A question moved to another employee is found by that employee's name.
    await db
      .updateTable('questions')
      .set({ employee_id: staff[3]! })
      .where('employee_id', '=', staff[4]!)
      .where('responded_at', 'is not', null)
      .execute();
    // Latest activity alone moves a question to the top.
    await db
      .updateTable('questions')
      .set({ updated_at: '2031-01-01T00:00:00.000Z' })
      .where('employee_id', '=', staff[2]!)
      .where('responded_at', 'is', null)
      .execute();
    await db.deleteFrom('employees').where('id', '=', staff[6]!).execute();
    await db.deleteFrom('users').where('lastname', '=', 'Johnson').execute();
    // Answering moves a question from pending to answered in the trigram table's state too.
    await db
      .updateTable('questions')
      .set({
        response: 'Done',
        responded_at: '2030-01-01T00:00:00.000Z',
        updated_at: '2030-01-01T00:00:00.000Z',
      })
      .where('employee_id', '=', staff[0]!)
      .where('responded_at', 'is', null)
      .execute();

    for (const term of TERMS) {
      const staffScan = await db
        .selectFrom('employees as e')
        .select('e.id')
        .where(sql<boolean>`e.search_text like ${lowerContainsPattern(term)} escape '\\'`)
        .orderBy(sql`lower(e.last_name)`)
        .orderBy(sql`lower(e.first_name)`)
        .orderBy('e.id')
        .execute();
      const staffFound = await listEmployees(
        db,
        listEmployeesQuerySchema.parse({ search: term, limit: 1000 }),
      );
      expect(
        staffFound.rows.map((row) => row.id),
        `staff: ${term}`,
      ).toEqual(staffScan.map((row) => row.id));
      expect(staffFound.total, `staff total: ${term}`).toBe(staffScan.length);
      for (const page of [1, 2]) {
        const paged = await listEmployees(
          db,
          listEmployeesQuerySchema.parse({ search: term, limit: 2, page }),
        );
        expect(
          paged.rows.map((row) => row.id),
          `staff page ${page}: ${term}`,
        ).toEqual(staffScan.slice((page - 1) * 2, page * 2).map((row) => row.id));
      }
      const staffLastFirst = await listEmployees(
        db,
        listEmployeesQuerySchema.parse({ search: term, limit: 2, page: 2, order: 'desc' }),
      );
      expect(
        staffLastFirst.rows.map((row) => row.id),
        `staff page 2 in reverse: ${term}`,
      ).toEqual(
        [...staffScan]
          .reverse()
          .slice(2, 4)
          .map((row) => row.id),
      );

      const usersScan = await db
        .selectFrom('users as u')
        .select(['u.id', 'u.user_type'])
        .where((eb) =>
          eb.or([
            containsIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, term),
            containsIgnoringCase(db, sql`u.email`, term),
          ]),
        )
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .execute();
      const usersFound = await listUsers(
        db,
        listUsersQuerySchema.parse({
          search: term,
          limit: 1000,
          sort: 'created_at',
          order: 'desc',
        }),
      );
      expect(
        (await usersFound.rows()).map((row) => row.id),
        `users: ${term}`,
      ).toEqual(usersScan.map((row) => row.id));
      // The accounts' keys are one text, `id version,id version,…` (lib/remembered-items.ts).
      const accountKeyIds = ({ keys }: { keys: string | null }) =>
        keys ? keys.split(',').map((key) => Number(key.split(' ')[0])) : [];
      expect(accountKeyIds(usersFound.keys)).toEqual(usersScan.map((row) => row.id));
      expect(usersFound.total, `users total: ${term}`).toBe(usersScan.length);
      const oldestFirst = await listUsers(
        db,
        listUsersQuerySchema.parse({ search: term, limit: 2, page: 2, order: 'asc' }),
      );
      const oldestExpected = [...usersScan]
        .reverse()
        .slice(2, 4)
        .map((row) => row.id);
      expect(accountKeyIds(oldestFirst.keys), `users oldest first: ${term}`).toEqual(
        oldestExpected,
      );
      expect((await oldestFirst.rows()).map((row) => row.id)).toEqual(oldestExpected);
      for (const user_type of [undefined, 'employee'] as const) {
        const paged = await listUsers(
          db,
          listUsersQuerySchema.parse({ search: term, user_type, limit: 2, page: 2 }),
        );
        const expected = usersScan.filter((row) => !user_type || row.user_type === user_type);
        expect(accountKeyIds(paged.keys), `users ${user_type ?? 'all'} page 2: ${term}`).toEqual(
          expected.slice(2, 4).map((row) => row.id),
        );
        expect(paged.total, `users ${user_type ?? 'all'} total: ${term}`).toBe(expected.length);
      }

      // The questions' keys are one text, `id version,id version,…` (lib/remembered-items.ts).
      const questionKeyIds = ({ keys }: { keys: string | null }) =>
        keys ? keys.split(',').map((key) => Number(key.split(' ')[0])) : [];
      for (const status of ['all', 'pending', 'answered'] as const) {
        let questionsScan = db
          .selectFrom('questions as q')
          .innerJoin('employees as e', 'e.id', 'q.employee_id')
          .select('q.id')
          .where((eb) =>
            eb.or([
              containsIgnoringCase(db, sql.ref('q.question'), term),
              sql<boolean>`e.search_text like ${lowerContainsPattern(term)} escape '\\'`,
            ]),
          );
        if (status === 'pending') questionsScan = questionsScan.where('q.responded_at', 'is', null);
        if (status === 'answered') {
          questionsScan = questionsScan.where('q.responded_at', 'is not', null);
        }
        const expected = await questionsScan
          .orderBy('q.updated_at', 'desc')
          .orderBy('q.id', 'desc')
          .execute();
        const found = await listHrQuestions(
          db,
          { status, search: term },
          { limit: 1000, offset: 0 },
        );
        expect(
          (await found.rows()).map((row) => row.id),
          `questions ${status}: ${term}`,
        ).toEqual(expected.map((row) => row.id));
        expect(questionKeyIds(found.keys)).toEqual(expected.map((row) => row.id));
        expect(found.total, `questions ${status} total: ${term}`).toBe(expected.length);
        // Small pages, when many match.
        for (const offset of [0, 2]) {
          const paged = await listHrQuestions(db, { status, search: term }, { limit: 2, offset });
          expect(questionKeyIds(paged.keys), `questions ${status} @${offset}: ${term}`).toEqual(
            expected.slice(offset, offset + 2).map((row) => row.id),
          );
        }
      }
    }
    // The tricky terms do find something: the comparison is not of two empty lists.
    for (const term of ['MÜLLER', '50%', 'a_b', 'café cr', '🎉 p', 'karl', 'naïve']) {
      const found = await listEmployees(db, listEmployeesQuerySchema.parse({ search: term }));
      expect(found.total, term).toBeGreaterThan(0);
    }
  });
});
