import { z } from 'zod';
import { emailField, requiredText } from './fields';
import { userTypeSchema } from './roles';

export const MIN_PASSWORD_LENGTH = 8;

/** Exact texts of SPEC.md section 5 and 8, shared by the forms and the server. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Authentication required',
  forbidden: 'You do not have permission to do this',
} as const;

export const loginBodySchema = z.object({
  email: emailField(),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
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
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

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
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
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
