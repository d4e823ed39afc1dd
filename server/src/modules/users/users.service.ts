import type { Kysely, Updateable } from 'kysely';
import { USER_MESSAGES } from '#contract/user-options';
import type {
  CreateUserBody,
  ListUsersQuery,
  UpdateUserBody,
  User,
  UserList,
  UserWithPassword,
} from '#contract/users';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  violatedConstraint,
} from '../../db/constraint-errors';
import { NO_OWN_VERSION } from '../../db/page-keys';
import type { DB, UsersTable } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { itemKey, pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { withLock, withLocks } from './account-locks';
import { toUser, userName } from './user.mapper';
import {
  deleteUser,
  findUser,
  insertUser,
  lockAdminIds,
  updateUser,
  userIdWithEmail,
  userLinkedTo,
} from './users.repository';
import { listUsers } from './users-list.repository';

const employeeNotFound = () =>
  new AppError(404, USER_MESSAGES.employeeNotFound, [
    { field: 'employee_id', message: USER_MESSAGES.employeeNotFound },
  ]);

/** A write that met a constraint a concurrent one took first: the 409 (or 404) of its check. */
function asConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    // PostgreSQL names the constraint; SQLite says "UNIQUE constraint failed: users.employee_id".
    const where = `${violatedConstraint(error) ?? ''} ${(error as Error).message ?? ''}`;
    if (where.includes('employee_id')) {
      throw conflict(
        'The employee was linked to another account at the same moment',
        'employee_id',
      );
    }
    throw conflict(USER_MESSAGES.emailTaken, 'email');
  }
  // The employee was deleted by a concurrent transaction after it was found (PostgreSQL).
  if (isForeignKeyViolation(error)) throw employeeNotFound();
  throw error;
}

/** Checks that `employeeId` may be linked to account `userId`: it exists and has no other account. */
async function checkLinkable(trx: Kysely<DB>, userId: number, employeeId: number) {
  const employee = await trx
    .selectFrom('employees')
    .select('id')
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!employee) throw employeeNotFound();
  const holder = await userLinkedTo(trx, employeeId);
  if (holder && holder.id !== userId) {
    throw conflict(USER_MESSAGES.employeeHasOtherAccount(holder.email), 'employee_id');
  }
}

export async function loadUser(db: Kysely<DB>, id: number): Promise<User> {
  const row = await findUser(db, id);
  if (!row) throw notFound('User');
  return toUser(row);
}

/** A password for a new account: the one given, or a generated one to show the admin once. */
export async function initialPassword(given: string | undefined) {
  const temporary = given === undefined ? generatePassword() : undefined;
  return {
    hash: await hashPassword(given ?? temporary!),
    temporary,
  };
}

/** Fails when taking `userId` out of the admins would leave none. */
async function keepAnAdmin(trx: Kysely<DB>, userId: number) {
  const admins = await lockAdminIds(trx);
  if (admins.length <= 1 && admins.includes(userId)) throw conflict(USER_MESSAGES.lastAdmin);
}

/**
 * The accounts this instance has answered in the list, at the versions of what each shows: the
 * accounts table's (NO_OWN_VERSION), and the employees table's for its linked employee's name
 * (users-list.repository.ts, lib/remembered-items.ts).
 */
const rememberedUsers = rememberedItemsPerDatabase<User>(10_000);

export function createUsersService(db: Kysely<DB>) {
  return {
    /** `dataVersion`: the guard's, under which a search's count is remembered. */
    async list(query: ListUsersQuery, dataVersion: number | null = null): Promise<UserList> {
      const { keys, rows, total } = await listUsers(db, query, dataVersion);
      const users = await pageThrough(
        rememberedUsers(db),
        keys,
        rows,
        (row) => ({
          key: itemKey(row.id, NO_OWN_VERSION, row.tables),
          item: () => toUser(row),
        }),
        `${query.sort} ${query.order}`,
      );
      return {
        users: await withLocks(db, users),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    get: async (id: number) => withLock(db, await loadUser(db, id)),

    async create(input: CreateUserBody, actor: Actor): Promise<UserWithPassword> {
      // Hashing takes a moment; do it before the transaction so no lock waits on it.
      const password = await initialPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          if ((await userIdWithEmail(trx, input.email)) !== null) {
            throw conflict(USER_MESSAGES.emailTaken, 'email');
          }
          const now = nowIso();
          const id = await insertUser(trx, {
            email: input.email,
            firstname: input.firstname,
            lastname: input.lastname,
            user_type: input.user_type,
            employee_id: null,
            password_hash: password.hash,
            password_is_temporary: password.temporary ? 1 : 0,
            created_at: now,
            updated_at: now,
          });
          const user = await loadUser(trx, id);
          await writeAudit(trx, actor, {
            name: 'User Created',
            description: `${userName(user)} (${user.email}) was given a ${user.user_type} account${
              password.temporary ? ' with a temporary password' : ''
            }`,
            entityType: 'user',
            entityId: id,
            after: user,
          });
          return password.temporary ? { user, temporary_password: password.temporary } : { user };
        });
      } catch (error) {
        return asConflict(error);
      }
    },

    async update(id: number, input: UpdateUserBody, actor: Actor): Promise<User> {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        const updated = await db.transaction().execute(async (trx) => {
          const before = await loadUser(trx, id);
          if (input.email && (await userIdWithEmail(trx, input.email, id)) !== null) {
            throw conflict(USER_MESSAGES.emailTaken, 'email');
          }
          const roleChanges = input.user_type !== undefined && input.user_type !== before.user_type;
          if (roleChanges && before.user_type === 'admin') await keepAnAdmin(trx, id);

          const changes: Updateable<UsersTable> = { updated_at: nowIso() };
          if (input.email !== undefined) changes.email = input.email;
          if (input.firstname !== undefined) changes.firstname = input.firstname;
          if (input.lastname !== undefined) changes.lastname = input.lastname;
          if (input.user_type !== undefined) changes.user_type = input.user_type;
          const employeeId = input.employee_id;
          const relinks = employeeId !== undefined && employeeId !== before.employee_id;
          if (relinks) {
            if (employeeId !== null) await checkLinkable(trx, id, employeeId);
            changes.employee_id = employeeId;
          }
          if (passwordHash) {
            changes.password_hash = passwordHash;
            changes.password_is_temporary = 0;
          }
          // A new role or a password set by an admin ends every session the user has, those
          // issued in this same millisecond too (the guard keeps tokens issued at or after it).
          if (roleChanges || passwordHash) changes.tokens_valid_after = Date.now() + 1;
          await updateUser(trx, id, changes);

          const after = await loadUser(trx, id);
          const notes = [
            ...(['email', 'firstname', 'lastname'] as const)
              .filter((field) => before[field] !== after[field])
              .map((field) => field),
            ...(roleChanges ? [`user_type ${before.user_type} -> ${after.user_type}`] : []),
            ...(relinks
              ? [
                  after.employee_id === null
                    ? `no longer linked to ${before.employee_name ?? 'an employee'}`
                    : `linked to the employee ${after.employee_name}`,
                ]
              : []),
            ...(passwordHash ? ['password set by an admin'] : []),
          ];
          await writeAudit(trx, actor, {
            name: 'User Updated',
            description: `${userName(after)} (${after.email}) was updated${
              notes.length ? `: ${notes.join(', ')}` : ' (no changes)'
            }`,
            entityType: 'user',
            entityId: id,
            before,
            after,
          });
          return after;
        });
        return await withLock(db, updated);
      } catch (error) {
        return asConflict(error);
      }
    },

    async remove(id: number, actor: Actor): Promise<void> {
      if (id === actor.userId) throw conflict(USER_MESSAGES.cannotDeleteSelf);
      await db.transaction().execute(async (trx) => {
        const user = await loadUser(trx, id);
        if (user.user_type === 'admin') await keepAnAdmin(trx, id);
        // Removing the row also ends the user's sessions: the guard finds no user for the token.
        await deleteUser(trx, id);
        await writeAudit(trx, actor, {
          name: 'User Deleted',
          description: `The ${user.user_type} account of ${userName(user)} (${user.email}) was deleted`,
          entityType: 'user',
          entityId: id,
          before: user,
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
