import type { Kysely } from 'kysely';
import { USER_MESSAGES } from '#contract/user-options';
import type { UserWithPassword } from '#contract/users';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { initialPassword, loadUser } from './users.service';
import { insertUser, updateUser, userByEmail, userLinkedTo } from './users.repository';

export const LINK_MESSAGES = {
  employeeHasOtherAccount: USER_MESSAGES.employeeHasOtherAccount,
  accountHasOtherEmployee: (email: string) =>
    `The account ${email} is already linked to another employee`,
  linked: 'Employee linked to the existing account',
  created: 'Account created and linked to the employee',
  alreadyLinked: 'Employee is already linked to this account',
} as const;

export interface LinkResult extends UserWithPassword {
  outcome: 'linked' | 'created' | 'unchanged';
}

/**
 * PRODUCT.md section 2: give employee {id} an account with the employee's email. An existing
 * employee account of that email is linked; an account of another role is refused (409): an
 * admin or manager gains a staff record only on purpose, by an admin setting its `employee_id`
 * (PUT /api/users/{id}, PRODUCT.md 7.1). Otherwise a new `employee` user is created with a
 * one-time temporary password.
 */
export function createAccountLinkService(db: Kysely<DB>) {
  return {
    async link(employeeId: number, actor: Actor): Promise<LinkResult> {
      const employee = await db
        .selectFrom('employees')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', '=', employeeId)
        .executeTakeFirst();
      if (!employee) throw notFound('Employee');
      const employeeName = `${employee.first_name} ${employee.last_name}`.trim();

      // Only needed when no account exists yet; hashed before the transaction holds any lock.
      const existing = await userByEmail(db, employee.email);
      const password = existing ? null : await initialPassword(undefined);

      try {
        return await db.transaction().execute(async (trx) => {
          const linkedUser = await userLinkedTo(trx, employeeId);
          const sameEmailUser = await userByEmail(trx, employee.email);
          if (linkedUser && linkedUser.id !== sameEmailUser?.id) {
            throw conflict(LINK_MESSAGES.employeeHasOtherAccount(linkedUser.email));
          }
          if (linkedUser) return { outcome: 'unchanged', user: await loadUser(trx, linkedUser.id) };

          if (sameEmailUser) {
            if (sameEmailUser.user_type !== 'employee') {
              throw conflict(USER_MESSAGES.linkOnlyEmployees(sameEmailUser.user_type));
            }
            if (sameEmailUser.employee_id !== null) {
              throw conflict(LINK_MESSAGES.accountHasOtherEmployee(sameEmailUser.email));
            }
            await updateUser(trx, sameEmailUser.id, {
              employee_id: employeeId,
              updated_at: nowIso(),
            });
            const user = await loadUser(trx, sameEmailUser.id);
            await writeAudit(trx, actor, {
              name: 'Employee Account Linked',
              description: `${employeeName} (${employee.email}) was linked to the existing ${user.user_type} account of ${user.firstname} ${user.lastname}`,
              entityType: 'employee',
              entityId: employeeId,
              after: { employee_id: employeeId, user_id: user.id },
            });
            return { outcome: 'linked', user };
          }

          // The account did not exist a moment ago; a concurrent request may have created it.
          const fresh = password ?? (await initialPassword(undefined));
          const now = nowIso();
          const id = await insertUser(trx, {
            email: employee.email,
            firstname: employee.first_name,
            lastname: employee.last_name,
            user_type: 'employee',
            employee_id: employeeId,
            password_hash: fresh.hash,
            password_is_temporary: 1,
            created_at: now,
            updated_at: now,
          });
          const user = await loadUser(trx, id);
          await writeAudit(trx, actor, {
            name: 'Employee Account Linked',
            description: `${employeeName} (${employee.email}) was given a new employee account with a temporary password`,
            entityType: 'employee',
            entityId: employeeId,
            after: { employee_id: employeeId, user },
          });
          return { outcome: 'created', user, temporary_password: fresh.temporary! };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict('The account was linked or created by someone else at the same moment');
        }
        // The employee was deleted by a concurrent transaction after it was found (PostgreSQL).
        if (isForeignKeyViolation(error)) throw notFound('Employee');
        throw error;
      }
    },
  };
}
