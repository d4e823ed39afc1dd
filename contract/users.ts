import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth-messages';
import { pageQuerySchema, paginationSchema, sortOrderSchema } from './envelope';
import { FIELD_LABELS } from './field-labels';
import { emailField, requiredText, timestampSchema } from './fields';
import { referenceId } from './reference-field';
import { USER_TYPES, userTypeSchema } from './roles';
import { USER_MESSAGES, USER_SORT_FIELDS } from './user-options';

/** Application users (SPEC.md sections 3, 5 and 7; PRODUCT.md section 2). Admins only. */

/** A password an admin sets for someone; blank means "none given". */
const adminSetPassword = z
  .string({ error: 'Password must be text' })
  .max(1024, 'Password must be at most 1024 characters')
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine(
    (value) => value === undefined || value.length >= MIN_PASSWORD_LENGTH,
    `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  );

const USER_TYPE_INVALID = `${FIELD_LABELS.user_type} must be one of ${USER_TYPES.join(', ')}`;

const userTypeField = z.enum(USER_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? USER_MESSAGES.userTypeRequired
      : USER_TYPE_INVALID,
});

export const createUserBodySchema = z.object({
  email: emailField(FIELD_LABELS.email),
  firstname: requiredText(FIELD_LABELS.firstname, 100),
  lastname: requiredText(FIELD_LABELS.lastname, 100),
  /** SPEC.md section 9: the default user type is manager. */
  user_type: userTypeField.default('manager'),
  /** Optional; without one the answer carries a one-time temporary password. */
  password: adminSetPassword,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export type CreateUserInput = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z
  .object({
    email: emailField(FIELD_LABELS.email),
    firstname: requiredText(FIELD_LABELS.firstname, 100),
    lastname: requiredText(FIELD_LABELS.lastname, 100),
    user_type: userTypeField,
    /**
     * The staff record this account belongs to, whatever its role (PRODUCT.md 7.1); null
     * unlinks it. The employee must exist and have no other account.
     */
    employee_id: referenceId(FIELD_LABELS.employee_id).nullable(),
  })
  .partial()
  .extend({ password: adminSetPassword });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export type UpdateUserInput = z.input<typeof updateUserBodySchema>;

/** A user as admins see it. Password hashes and secrets have no field here, so never leave. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: userTypeSchema,
  employee_id: z.number().int().nullable(),
  /** The linked staff record's name, for the table. */
  employee_name: z.string().nullable(),
  /** True while the user still has a password generated for them by an admin. */
  password_is_temporary: z.boolean(),
  /** Until when wrong passwords keep the account from signing in; null when it is not locked. */
  locked_until: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

export const listUsersQuerySchema = pageQuerySchema.extend({
  user_type: z.enum(USER_TYPES, { error: USER_TYPE_INVALID }).optional(),
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .transform((value) => value || undefined),
  sort: z
    .enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(', ')}` })
    .default('created_at'),
  order: sortOrderSchema.default('desc'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
export type ListUsersParams = z.input<typeof listUsersQuerySchema>;

export const userListSchema = z.object({
  users: z.array(userSchema),
  pagination: paginationSchema,
});
export type UserList = z.infer<typeof userListSchema>;

export const userResultSchema = z.object({ user: userSchema });

/** A created account, or one linked to an employee: the password is present once, when generated. */
export const userWithPasswordSchema = z.object({
  user: userSchema,
  temporary_password: z
    .string()
    .optional()
    .describe('Generated password, shown once to the admin; absent when one was given'),
});
export type UserWithPassword = z.infer<typeof userWithPasswordSchema>;
