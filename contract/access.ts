import type { UserType } from './roles';

/**
 * Who may call a route (PRODUCT.md section 4). Every API route declares one of these; the server
 * refuses to start if one does not. Ownership ("only their own") is checked in the services.
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'hr', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const ALLOWED: Record<Exclude<Access, 'public'>, readonly UserType[]> = {
  'signed-in': ['admin', 'manager', 'employee'],
  hr: ['admin', 'manager'],
  admin: ['admin'],
};

export function isAllowed(access: Access, userType: UserType | null): boolean {
  if (access === 'public') return true;
  return userType !== null && ALLOWED[access].includes(userType);
}
