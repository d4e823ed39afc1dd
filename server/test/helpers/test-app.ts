import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import type { UserType } from '#contract/roles';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Engine } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { createTokenService } from '../../src/lib/tokens';
import { insertEmployee, insertUser, type TestUser } from './factories';
import { signSessionClaims, type SessionTokenClaims } from './session-tokens';
import { ENGINES, createTestDatabase, describeOn, type TestDatabase } from './test-database';

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  body: any;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface SignedInUser extends TestUser {
  token: string;
}

export interface TestContext {
  engine: Engine;
  app: FastifyInstance;
  db: Kysely<DB>;
  config: Config;
  /** One signed-in user per role; the employee's account is linked to `employee.employeeId`. */
  as: Record<UserType, SignedInUser>;
  call(method: HTTPMethods, url: string, options?: CallOptions): Promise<CallResult>;
  /** Signs a session token with the app's key, with claims of the test's choosing. */
  signClaims(claims: SessionTokenClaims): Promise<string>;
  /** A new user of the given role with a valid token. */
  newUser(role: UserType, overrides?: Parameters<typeof insertUser>[1]): Promise<SignedInUser>;
}

export type ConfigOverrides = Partial<Record<keyof Config | string, string>>;

/** Builds the real app on a fresh database of the given engine. */
export async function startTestApp(
  engine: Engine,
  env: ConfigOverrides = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const testDatabase: TestDatabase = await createTestDatabase(engine);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spms-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    // Suites send hundreds of requests as one account; request-limit.test.ts sets its own.
    REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000',
    // And sign in hundreds of times from 127.0.0.1; anonymous-limit.test.ts sets its own.
    ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
    // Seeding through SQLite's synchronous driver holds the event loop for as long as it runs,
    // which the overload refusal would answer with 503s; overload.test.ts sets its own.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    IMPORT_WORKER_FILE: inject('importWorkerFile'),
    ...env,
  });
  const tokenSecret = randomBytes(32).toString('base64url');
  const tokens = createTokenService(tokenSecret, config.JWT_EXPIRES_IN);
  const app = await buildApp({ config, database: testDatabase.database, tokens });
  await app.ready();
  const db = testDatabase.database.db;

  async function call(
    method: HTTPMethods,
    url: string,
    options: CallOptions = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as string }),
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: isJson ? response.json() : undefined,
      text: response.body,
      headers: response.headers,
    };
  }

  async function newUser(role: UserType, overrides: Parameters<typeof insertUser>[1] = {}) {
    const employeeId =
      role === 'employee' && overrides.employee_id === undefined
        ? await insertEmployee(db)
        : undefined;
    const user = await insertUser(db, {
      user_type: role,
      ...(employeeId === undefined ? {} : { employee_id: employeeId }),
      ...overrides,
    });
    if (employeeId !== undefined) {
      const employee = await db
        .selectFrom('employees')
        .select('email')
        .where('id', '=', employeeId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('users')
        .set({ email: employee.email })
        .where('id', '=', user.id)
        .execute();
      user.email = employee.email;
    }
    return { ...user, token: await tokens.sign(user.id) };
  }

  const as = {
    admin: await newUser('admin'),
    manager: await newUser('manager'),
    employee: await newUser('employee'),
  };

  return {
    engine,
    app,
    db,
    config,
    as,
    call,
    signClaims: (claims) => signSessionClaims(tokenSecret, claims),
    newUser,
    async close() {
      await app.close();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Declares `suite` once per engine, each with its own app and database. The suite reads the
 * context through `ctx()` inside its tests. When PostgreSQL is missing (outside CI) its half is
 * skipped; the global setup has already said so plainly.
 */
export function describeEachEngine(
  title: string,
  suite: (ctx: () => TestContext) => void,
  env: ConfigOverrides = {},
): void {
  for (const engine of ENGINES) {
    const run = describeOn(engine);
    run(`${title} [${engine}]`, () => {
      let context: (TestContext & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        context = await startTestApp(engine, env);
      });
      afterAll(async () => {
        await context?.close();
      });
      suite(() => {
        if (!context) throw new Error('test app not started');
        return context;
      });
    });
  }
}
