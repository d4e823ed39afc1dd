import { MIN_PASSWORD_LENGTH } from '#contract/auth-messages';
import type { UserType } from '#contract/roles';
import type { CreateUserInput, UpdateUserInput, User } from '#contract/users';
import { LOOKS_LIKE_EMAIL } from '#contract/employee-options';
import { USER_MESSAGES } from '#contract/user-options';

export interface UserFormValues {
  firstname: string;
  lastname: string;
  email: string;
  user_type: UserType | '';
  password: string;
}
export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** SPEC.md section 9: the default user type is manager. */
export const EMPTY_USER_FORM: UserFormValues = {
  firstname: '',
  lastname: '',
  email: '',
  user_type: 'manager',
  password: '',
};

export const USER_TYPE_OPTIONS: { value: UserType; label: string }[] = [
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Admin' },
  { value: 'employee', label: 'Employee' },
];

export function userFormFrom(user: User): UserFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    user_type: user.user_type,
    password: '',
  };
}

/** SPEC.md section 5: first name, last name, email (valid) and user type required. */
export function validateUserForm(values: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.firstname.trim()) errors.firstname = USER_MESSAGES.firstNameRequired;
  if (!values.lastname.trim()) errors.lastname = USER_MESSAGES.lastNameRequired;
  const email = values.email.trim();
  if (!email) errors.email = USER_MESSAGES.emailRequired;
  else if (!LOOKS_LIKE_EMAIL.test(email)) errors.email = USER_MESSAGES.emailInvalid;
  if (!values.user_type) errors.user_type = USER_MESSAGES.userTypeRequired;
  if (values.password && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  }
  return errors;
}

/** A blank password is left out: the server then generates a temporary one. */
export function toCreateUserBody(values: UserFormValues): CreateUserInput {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    user_type: values.user_type || 'manager',
    ...(values.password ? { password: values.password } : {}),
  };
}

/** A blank password keeps the current one. */
export function toUpdateUserBody(values: UserFormValues): UpdateUserInput {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    ...(values.user_type ? { user_type: values.user_type } : {}),
    ...(values.password ? { password: values.password } : {}),
  };
}
