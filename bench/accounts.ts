import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../server/src/db/schema';
import { nowIso } from '../server/src/lib/clock';
import { hashPassword } from '../server/src/lib/passwords';
import type { Tokens } from './load';

/**
 * The accounts the benchmark signs in with: one admin, one manager (HR), and 50 employees
 * spread evenly over the ranking (from first place to the last ranked), so the routes of one
 * caller cost what they typically cost and not what first place costs. The employees' accounts
 * are the generated ones, given a password.
 */

export interface BenchAccounts {
  password: string;
  admin: string;
  manager: string;
  employees: string[];
}

export async function createBenchAccounts(db: Kysely<DB>): Promise<BenchAccounts> {
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const staffAccount = (email: string, role: 'admin' | 'manager') => ({
    email,
    firstname: 'Bench',
    lastname: role === 'admin' ? 'Administrator' : 'Manager',
    user_type: role,
    employee_id: null,
    password_hash: passwordHash,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('users')
    .values([
      staffAccount('bench.admin@example.org', 'admin'),
      staffAccount('bench.manager@example.org', 'manager'),
    ])
    .execute();

  const ranked = await db
    .selectFrom('employee_scores as s')
    .innerJoin('users as u', 'u.employee_id', 's.employee_id')
    .select('u.email')
    .where('s.metric_count', '>', 0)
    .orderBy('s.average_score', 'desc')
    .orderBy('s.metric_count', 'desc')
    .orderBy('s.employee_id')
    .execute();
  if (ranked.length < 50) throw new Error('the benchmark needs 50 ranked employees with accounts');
  const step = Math.floor((ranked.length - 1) / 49);
  const employees = Array.from({ length: 50 }, (_, i) => ranked[i * step]!.email);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('email', 'in', employees)
    .execute();
  return {
    password,
    admin: 'bench.admin@example.org',
    manager: 'bench.manager@example.org',
    employees,
  };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`sign-in of ${email}: ${response.status}`);
  return body.data.token;
}

/** Signs every account in once through the API, as the web app does. */
export async function signInAll(url: string, accounts: BenchAccounts): Promise<Tokens> {
  const employees: string[] = [];
  for (const email of accounts.employees) {
    employees.push(await signIn(url, email, accounts.password));
  }
  return {
    admin: [await signIn(url, accounts.admin, accounts.password)],
    manager: [await signIn(url, accounts.manager, accounts.password)],
    employee: employees,
  };
}
