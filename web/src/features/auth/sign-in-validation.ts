import { AUTH_MESSAGES } from '#contract/auth-messages';

export type SignInField = 'email' | 'password';
export type SignInErrors = Partial<Record<SignInField, string>>;

// A deliberately plain check: the server validates the address exactly (contract/auth.ts); the
// form only catches obvious slips without loading a schema library on the sign-in page.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC.md section 5: email and password required, email in a valid format. */
export function validateSignIn({
  email,
  password,
}: {
  email: string;
  password: string;
}): SignInErrors {
  const errors: SignInErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!LOOKS_LIKE_EMAIL.test(trimmed)) errors.email = AUTH_MESSAGES.emailInvalid;
  if (!password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}
