import type { Insertable, Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { localDay } from '../../modules/performance-metrics/join-date-rule';
import { rebuildScoreAggregates } from '../../modules/scores/scores.repository';
import type {
  BonusesTable,
  DB,
  EmployeesTable,
  PerformanceMetricsTable,
  QuestionsTable,
} from '../schema';
import {
  ANSWERS,
  BONUSES,
  DEPARTMENTS,
  EMPLOYMENT_TYPES,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  METRIC_TYPES,
  POSITIONS,
  QUESTIONS,
  SKILLS,
} from './demo-catalogue';
import { createRandom, type Random } from './random';

export interface DemoAccount {
  role: 'admin' | 'manager' | 'employee';
  email: string;
  password: string;
}

export interface DemoDataOptions {
  /** Same seed, same organisation. */
  seed?: number;
  staffCount?: number;
  /** "Today" for the generated year of history. */
  now?: Date;
}

export interface DemoDataSummary {
  accounts: DemoAccount[];
  employees: number;
  metricValues: number;
  bonuses: number;
  questions: number;
}

const DAY_MS = 86_400_000;
const CHUNK = 200;

async function insertChunked<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  // Kysely cannot type an insert into a table chosen by a type parameter; the rows are typed above.
  const insert = () =>
    db.insertInto(table) as unknown as { values(rows: unknown[]): { execute(): Promise<unknown> } };
  for (let i = 0; i < rows.length; i += CHUNK) {
    await insert()
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** The calendar day of `date` in the server's time zone, as the join date rule reads it. */
const isoDate = (date: Date) => localDay(date);

function buildStaff(random: Random, count: number, now: Date): Insertable<EmployeesTable>[] {
  const used = new Set<string>();
  const staff: Insertable<EmployeesTable>[] = [];
  for (let i = 0; i < count; i++) {
    const department = DEPARTMENTS[i % DEPARTMENTS.length]!;
    // The first person of each department heads it.
    const position =
      i < DEPARTMENTS.length ? 'Head of Department' : random.pick(POSITIONS[department].slice(1));
    let first: string;
    let last: string;
    do {
      first = random.pick(FIRST_NAMES);
      last = random.pick(LAST_NAMES);
    } while (used.has(`${first} ${last}`));
    used.add(`${first} ${last}`);
    // A few joined this month, most over the last eight years.
    const joinedDaysAgo = i % 17 === 3 ? random.int(0, now.getDate() - 1) : random.int(40, 8 * 365);
    const joined = new Date(now.getTime() - joinedDaysAgo * DAY_MS);
    const created = i % 17 === 3 ? joined : new Date(now.getTime() - random.int(370, 400) * DAY_MS);
    staff.push({
      first_name: first,
      last_name: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      phone: random.chance(0.85)
        ? `+1 555 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`
        : null,
      position,
      department,
      join_date: isoDate(joined),
      status: 'active',
      salary_cents: random.int(38, 140) * 1000 * 100,
      employee_code: `EMP-${String(i + 1).padStart(4, '0')}`,
      employment_type: i < 40 || random.chance(0.7) ? 'full-time' : random.pick(EMPLOYMENT_TYPES),
      location: random.pick(LOCATIONS),
      manager_id: null,
      notes: null,
      skills: JSON.stringify([
        ...new Set([random.pick(SKILLS), random.pick(SKILLS), random.pick(SKILLS)]),
      ]),
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    });
  }
  return staff;
}

/**
 * Loads a believable organisation: the five departments of SPEC.md, staff with managers, metric
 * types, a year of metric values, bonuses, questions (some answered), and one account per role.
 * Answers the generated accounts so they can be printed once.
 */
export async function loadDemoData(
  db: Kysely<DB>,
  options: DemoDataOptions = {},
): Promise<DemoDataSummary> {
  const random = createRandom(options.seed ?? 20_260_101);
  const now = options.now ?? new Date();
  const staffCount = options.staffCount ?? 60;
  const at = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * DAY_MS - random.int(0, 8 * 3600_000)).toISOString();

  const accounts: DemoAccount[] = [
    { role: 'admin', email: 'admin@example.com', password: generatePassword() },
    { role: 'manager', email: 'manager@example.com', password: generatePassword() },
    { role: 'employee', email: '', password: generatePassword() },
  ];
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password)));

  const summary = await db.transaction().execute(async (trx) => {
    const staff = buildStaff(random, staffCount, now);
    await insertChunked(trx, 'employees', staff);
    const employees = await trx
      .selectFrom('employees')
      .select(['id', 'department', 'email', 'join_date'])
      .orderBy('id')
      .execute();
    // Nothing is dated before its employee joined (join-date-rule.ts): the history is drawn as
    // before, so the same seed gives the same organisation, and what falls earlier is left out.
    const joinDates = new Map(employees.map((e) => [e.id, String(e.join_date)]));
    const joinedBy = (employeeId: number, created: string) =>
      localDay(created) >= joinDates.get(employeeId)!;
    const heads = new Map(employees.slice(0, DEPARTMENTS.length).map((e) => [e.department, e.id]));
    for (const employee of employees.slice(DEPARTMENTS.length)) {
      await trx
        .updateTable('employees')
        .set({ manager_id: heads.get(employee.department) ?? null })
        .where('id', '=', employee.id)
        .execute();
    }

    const typeCreated = at(400);
    await insertChunked(
      trx,
      'metric_types',
      METRIC_TYPES.map(({ mean: _mean, spread: _spread, ...type }) => ({
        ...type,
        created_at: typeCreated,
        updated_at: typeCreated,
      })),
    );
    const types = await trx
      .selectFrom('metric_types')
      .select(['id', 'metric_name'])
      .orderBy('id')
      .execute();

    // A year of values: most staff get one or two a month, from the day they joined; a few new
    // starters have none yet.
    const values: Insertable<PerformanceMetricsTable>[] = [];
    employees.forEach((employee, index) => {
      if (index % 13 === 12) return;
      const talent = random.around(0, 14, -20, 20);
      for (let month = 11; month >= 0; month--) {
        const perMonth = random.int(0, 2);
        for (let n = 0; n < perMonth; n++) {
          const typeIndex = random.int(0, types.length - 1);
          const spec = METRIC_TYPES[typeIndex]!;
          const lower = Math.max(1, spec.minimum_value ?? 1);
          const upper = Math.min(100, spec.maximum_value ?? 100);
          const value = Math.round(
            random.around(spec.mean + talent, spec.spread, lower, upper) * 100,
          );
          const created = at(month * 30 + random.int(0, 29));
          if (!joinedBy(employee.id, created)) continue;
          values.push({
            user_id: employee.id,
            metric_type_id: types[typeIndex]!.id,
            value_hundredths: value,
            comment: random.chance(0.4) ? 'Reviewed with line manager' : null,
            recorded_by: null,
            created_at: created,
            updated_at: created,
          });
        }
      }
    });
    await insertChunked(trx, 'performance_metrics', values);

    const bonuses: Insertable<BonusesTable>[] = [];
    for (let i = 0; i < Math.round(staffCount * 0.7); i++) {
      const bonus = random.pick(BONUSES);
      const created = at(random.int(0, 360));
      const employeeId = random.pick(employees).id;
      if (!joinedBy(employeeId, created)) continue;
      bonuses.push({
        employee_id: employeeId,
        ...bonus,
        awarded_by: null,
        created_at: created,
        updated_at: created,
      });
    }
    await insertChunked(trx, 'bonuses', bonuses);

    const questions: Insertable<QuestionsTable>[] = [];
    for (let i = 0; i < Math.round(staffCount / 2); i++) {
      const index = random.int(0, QUESTIONS.length - 1);
      const created = at(random.int(5, 120));
      const answered = random.chance(0.6);
      const respondedAt = answered
        ? new Date(Date.parse(created) + random.int(1, 4) * DAY_MS).toISOString()
        : null;
      questions.push({
        employee_id: random.pick(employees).id,
        question: QUESTIONS[index]!,
        response: answered ? ANSWERS[index]! : null,
        responded_at: respondedAt,
        asked_by: null,
        created_at: created,
        updated_at: respondedAt ?? created,
      });
    }
    await insertChunked(trx, 'questions', questions);

    // The demo employee account belongs to a ranked member of staff.
    const employeeAccount = accounts[2]!;
    const linked = employees[DEPARTMENTS.length]!;
    employeeAccount.email = linked.email;
    const createdAt = now.toISOString();
    const staffNames = new Map(staff.map((s) => [s.email, s]));
    await insertChunked(
      trx,
      'users',
      accounts.map((account, i) => {
        const person = staffNames.get(account.email);
        return {
          email: account.email,
          firstname: person?.first_name ?? (account.role === 'admin' ? 'Demo' : 'Morgan'),
          lastname: person?.last_name ?? (account.role === 'admin' ? 'Administrator' : 'Manager'),
          user_type: account.role,
          employee_id: account.role === 'employee' ? linked.id : null,
          password_hash: hashes[i]!,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    );

    await rebuildScoreAggregates(trx);
    return {
      employees: employees.length,
      metricValues: values.length,
      bonuses: bonuses.length,
      questions: questions.length,
    };
  });

  return { accounts, ...summary };
}
