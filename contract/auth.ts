import { z } from 'zod';
import { emailField, requiredText } from './fields';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth-messages';
import { userTypeSchema } from './roles';

export const loginBodySchema = z.object({
  email: emailField(),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1024, 'Password must be at most 1024 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as the session and `GET /api/auth/me` carry it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: userTypeSchema,
  employee_id: z.number().int().nullable(),
  /**
   * True while the account's password is a one-time one an admin was shown: every route but
   * change-password and auth/me answers 403 until it is changed.
   */
  must_change_password: z.boolean(),
});
/** As the browser keeps it: a session stored before `must_change_password` existed has none. */
export type SessionUser = Omit<z.infer<typeof sessionUserSchema>, 'must_change_password'> & {
  must_change_password?: boolean;
};

export const loginResultSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const meResultSchema = z.object({ user: sessionUserSchema });

export const newPasswordField = z
  .string({ error: 'New password is required' })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1024, 'New password must be at most 1024 characters');

/** SPEC.md section 7 sends `oldPassword` and `newPassword`. */
export const changePasswordBodySchema = z.object({
  oldPassword: z
    .string({ error: AUTH_MESSAGES.currentPasswordRequired })
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(1024, 'Current password must be at most 1024 characters'),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResultSchema = z.object({ token: z.string() });

export const authConfigSchema = z.object({ google_client_id: z.string().nullable() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const googleLoginBodySchema = z.object({
  id_token: requiredText('id_token', 8192),
});
