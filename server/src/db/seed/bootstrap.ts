import type { Kysely } from 'kysely';
import { emailField, requiredText } from '#contract/fields';
import { MIN_PASSWORD_LENGTH } from '#contract/auth-messages';
import type { Config } from '../../config';
import { nowIso } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { writeAudit } from '../../modules/audit/audit.writer';
import type { DB } from '../schema';
import { loadDemoData, type DemoDataSummary } from './demo-data';

export interface BootstrapResult {
  adminCreated: string | null;
  demo: DemoDataSummary | null;
}

const SYSTEM_ACTOR = { userId: null, email: 'system', ip: null };

/**
 * First-start duties of PRODUCT.md section 1: create the admin named by ADMIN_EMAIL and
 * ADMIN_PASSWORD when no admin exists, and load demo data into a database that was empty.
 */
export async function bootstrapDatabase(db: Kysely<DB>, config: Config): Promise<BootstrapResult> {
  const [users, employees] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const wasEmpty = Number(users.n) === 0 && Number(employees.n) === 0;

  const adminCreated = await createConfiguredAdmin(db, config);
  const demo = wasEmpty && config.DEMO_DATA ? await loadDemoData(db) : null;
  return { adminCreated, demo };
}

async function createConfiguredAdmin(db: Kysely<DB>, config: Config): Promise<string | null> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return null;
  const email = emailField('ADMIN_EMAIL').parse(config.ADMIN_EMAIL);
  if (config.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  const existingAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  if (existingAdmin) return null;

  const [firstname, ...rest] = requiredText('name')
    .parse(email.split('@')[0]!.replace(/[._-]+/g, ' '))
    .split(' ');
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email,
        firstname: capitalise(firstname ?? 'Admin'),
        lastname: capitalise(rest.join(' ') || 'Administrator'),
        user_type: 'admin',
        employee_id: null,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, SYSTEM_ACTOR, {
      name: 'User Created',
      description: `Administrator ${email} created from ADMIN_EMAIL at first start`,
      entityType: 'user',
      entityId: user.id,
      after: { id: user.id, email, user_type: 'admin' },
    });
  });
  return email;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
