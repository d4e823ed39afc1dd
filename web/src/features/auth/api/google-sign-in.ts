import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { googleLoginBodySchema, LoginResult } from '#contract/auth';
import { apiRequest } from '../../../lib/api-client';

type GoogleLoginBody = z.input<typeof googleLoginBodySchema>;
type Envelope<T> = { message: string; data: T };

/** Sends Google's ID token to the server, which verifies it and answers like password login. */
export async function signInWithGoogle(body: GoogleLoginBody): Promise<Envelope<LoginResult>> {
  return apiRequest('/auth/google-login', { method: 'POST', body, anonymous: true });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: signInWithGoogle });
}
