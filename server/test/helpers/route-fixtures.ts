import { randomBytes } from 'node:crypto';
import type { UserType } from '#contract/roles';
import { insertAuditEntry } from './audit';
import { insertEmployee } from './factories';
import type { LocalGoogleIssuer } from './google-issuer';
import { insertBonus, insertMetricType, insertMetricValue } from './performance-factories';
import { insertQuestion } from './question-factories';
import type { SignedInUser, TestContext } from './test-app';

/**
 * What the permission matrix and the bad-input test call routes with: existing records (so a
 * status reflects permission, not a missing id), fresh ones for writes that use them up, and
 * "another employee" whose records carry marker texts that must never reach the signed-in
 * employee.
 */

export type Caller = 'anonymous' | 'employee' | 'manager' | 'admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'employee', 'manager', 'admin'];

/** Someone else on the staff: an employee with an account, metrics, bonuses and questions. */
export interface OtherEmployee {
  employeeId: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The salary as it would appear in an answer ("98765.43"). */
  salaryText: string;
  /** A text inside each of their records (comment, bonus, question, answer). */
  marker: string;
  metricId: number;
  bonusId: number;
  answeredQuestionId: number;
  pendingQuestionId: number;
  /** An audit entry about them. */
  auditEntryId: number;
}

export interface RouteFixtures {
  ctx: () => TestContext;
  google: LocalGoogleIssuer;
  /** A metric type every value here is recorded against. */
  typeId: number;
  /** The signed-in employee (`ctx().as.employee`) and their own records. */
  me: { employeeId: number; userId: number; metricId: number; bonusId: number };
  other: OtherEmployee;
  unique(): string;
  tokenOf(caller: Caller): string | null;
  freshEmployee(): Promise<number>;
  freshMetricType(): Promise<number>;
  freshMetricValue(employeeId?: number): Promise<number>;
  freshBonus(employeeId?: number): Promise<number>;
  freshQuestion(employeeId: number): Promise<number>;
  /** A new user of the role with a valid token; `withEmployee` links a new staff record. */
  freshUser(role: UserType, withEmployee?: boolean): Promise<SignedInUser>;
}

export async function seedRouteFixtures(
  ctx: () => TestContext,
  google: LocalGoogleIssuer,
): Promise<RouteFixtures> {
  const db = ctx().db;
  const unique = () => randomBytes(5).toString('hex');
  const typeId = await insertMetricType(db, { metric_name: `Fixture metric ${unique()}` });

  const meEmployeeId = ctx().as.employee.employeeId!;
  const me = {
    employeeId: meEmployeeId,
    userId: ctx().as.employee.id,
    metricId: await insertMetricValue(db, {
      userId: meEmployeeId,
      metricTypeId: typeId,
      value: 64,
    }),
    bonusId: await insertBonus(db, meEmployeeId, { bonus_name: 'My own bonus' }),
  };
  await insertQuestion(db, meEmployeeId, { question: 'My own question' });

  const marker = `OTHER-${unique()}`;
  const otherUser = await ctx().newUser('employee');
  const otherEmployeeId = otherUser.employeeId!;
  await db
    .updateTable('employees')
    .set({ first_name: 'Orla', last_name: `Keeper${unique()}`, salary_cents: 9_876_543 })
    .where('id', '=', otherEmployeeId)
    .execute();
  const otherRow = await db
    .selectFrom('employees')
    .select(['first_name', 'last_name'])
    .where('id', '=', otherEmployeeId)
    .executeTakeFirstOrThrow();
  const otherMetricId = await insertMetricValue(db, {
    userId: otherEmployeeId,
    metricTypeId: typeId,
    value: 97,
  });
  await db
    .updateTable('performance_metrics')
    .set({ comment: `${marker} metric comment` })
    .where('id', '=', otherMetricId)
    .execute();
  const other: OtherEmployee = {
    employeeId: otherEmployeeId,
    userId: otherUser.id,
    email: otherUser.email,
    firstName: otherRow.first_name,
    lastName: otherRow.last_name,
    salaryText: '98765.43',
    marker,
    metricId: otherMetricId,
    bonusId: await insertBonus(db, otherEmployeeId, {
      bonus_name: `${marker} bonus`,
      description: `${marker} bonus description`,
    }),
    answeredQuestionId: await insertQuestion(db, otherEmployeeId, {
      question: `${marker} answered question`,
      response: `${marker} answer`,
    }),
    pendingQuestionId: await insertQuestion(db, otherEmployeeId, {
      question: `${marker} pending question`,
    }),
    auditEntryId: await insertAuditEntry(db, {
      name: 'Employee Updated',
      description: `Updated ${otherUser.email} (${marker})`,
      entityType: 'employee',
      entityId: otherEmployeeId,
    }),
  };

  return {
    ctx,
    google,
    typeId,
    me,
    other,
    unique,
    tokenOf: (caller) => (caller === 'anonymous' ? null : ctx().as[caller].token),
    freshEmployee: () =>
      insertEmployee(db, { email: `fresh.${unique()}@example.com`, first_name: 'Fresh' }),
    freshMetricType: () => insertMetricType(db, { metric_name: `Fresh metric ${unique()}` }),
    async freshMetricValue(employeeId) {
      return insertMetricValue(db, {
        userId: employeeId ?? (await insertEmployee(db)),
        metricTypeId: typeId,
        value: 55,
      });
    },
    async freshBonus(employeeId) {
      return insertBonus(db, employeeId ?? (await insertEmployee(db)));
    },
    freshQuestion: (employeeId) => insertQuestion(db, employeeId, { question: 'Fresh question' }),
    async freshUser(role, withEmployee = false) {
      if (role === 'employee' || !withEmployee) return ctx().newUser(role);
      return ctx().newUser(role, { employee_id: await insertEmployee(db) });
    },
  };
}
