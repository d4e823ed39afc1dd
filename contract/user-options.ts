/** User management choices and texts, free of zod so the users screen stays light. */

/** Columns the user list may be sorted by (whitelisted: they become SQL). */
export const USER_SORT_FIELDS = [
  'created_at',
  'email',
  'firstname',
  'lastname',
  'user_type',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  userTypeRequired: 'User type is required',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'There must always be at least one admin',
  emailTaken: 'A user with this email already exists',
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteWarning: 'This action cannot be undone.',
  loadFailed: 'Failed to load required data',
  employeeNotFound: 'Employee not found',
  employeeHasOtherAccount: (email: string) =>
    `This employee is already linked to another account (${email})`,
  /** Linking by email attaches employee accounts only; another role is linked on purpose. */
  linkOnlyEmployees: (role: string) =>
    `An account with this email already exists as ${role === 'admin' ? 'an' : 'a'} ${role}. To link it, an administrator sets its employee record in User Management.`,
  notLocked: 'This account is not locked',
  unlocked: 'Account unlocked',
  unlockQuestion: (name: string) => `Unlock ${name}?`,
  unlockExplanation:
    'Their failed sign-ins are forgotten and they can sign in again at once. A lock on the address they sign in from, if any, stays.',
} as const;
