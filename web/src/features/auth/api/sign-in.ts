import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '#contract/auth';
import { apiRequest } from '../../../lib/api-client';

type Envelope<T> = { message: string; data: T };

export async function signIn(body: LoginBody): Promise<Envelope<LoginResult>> {
  return apiRequest('/auth/login', { method: 'POST', body, anonymous: true });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
