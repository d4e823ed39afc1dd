import type { User } from '#contract/users';
import { toIso } from '../../lib/clock';
import type { UserDetailRow } from './users.repository';

/** A user row (either engine) as admins see it: both name spellings, ISO times, no secrets. */
export function toUser(row: UserDetailRow): User {
  const employeeName =
    row.employee_first_name === null && row.employee_last_name === null
      ? null
      : `${row.employee_first_name ?? ''} ${row.employee_last_name ?? ''}`.trim();
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    first_name: row.firstname,
    last_name: row.lastname,
    user_type: row.user_type,
    employee_id: row.employee_id,
    employee_name: employeeName,
    password_is_temporary: Number(row.password_is_temporary) === 1,
    // Read apart, each time (account-locks.ts): a lock comes and goes without a write to users.
    locked_until: null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export const userName = (user: Pick<User, 'firstname' | 'lastname'>) =>
  `${user.firstname} ${user.lastname}`.trim();
