import { z } from 'zod';

/** The three kinds of account. Order matters nowhere; privileges are spelt out in access.ts. */
export const USER_TYPES = ['admin', 'manager', 'employee'] as const;
export const userTypeSchema = z.enum(USER_TYPES, {
  error: `User type must be one of ${USER_TYPES.join(', ')}`,
});
export type UserType = z.infer<typeof userTypeSchema>;

/** Roles that see organisation-wide data (SPEC.md calls them HR). */
export const HR_USER_TYPES: readonly UserType[] = ['admin', 'manager'];

export function isHr(userType: UserType): boolean {
  return HR_USER_TYPES.includes(userType);
}
