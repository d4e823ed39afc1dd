import type { sessionUserSchema } from '#contract/auth';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';

/** The signed-in caller as routes and services see it. */
export interface AuthUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  userType: UserRow['user_type'];
  /** The employee record this account belongs to, if any: the key to "their own" data. */
  employeeId: number | null;
  /** The password is a one-time one: the guard lets only a password change through. */
  mustChangePassword: boolean;
}

export type AuthUserRow = Pick<
  UserRow,
  'id' | 'email' | 'firstname' | 'lastname' | 'user_type' | 'employee_id'
> & { password_is_temporary: number | string };

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    userType: row.user_type,
    employeeId: row.employee_id,
    mustChangePassword: Number(row.password_is_temporary) === 1,
  };
}

/** The session user of the API contract, with both spellings of the name fields. */
export function toSessionUser(user: AuthUser): z.infer<typeof sessionUserSchema> {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    first_name: user.firstname,
    last_name: user.lastname,
    user_type: user.userType,
    employee_id: user.employeeId,
    must_change_password: user.mustChangePassword,
  };
}

export function fullName(user: Pick<AuthUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname} ${user.lastname}`.trim();
}
