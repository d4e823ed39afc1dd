// Permission rows of the public routes: health, sign-in configuration and the two sign-ins.
import { anyone, at } from './access';
import type { PermissionRow } from './types';

// Public: sign-in, health, configuration.
export const PUBLIC_ROWS: PermissionRow[] = [
  { route: 'GET /api/health', expect: anyone(), request: at('/api/health') },
  { route: 'GET /api/auth/config', expect: anyone(), request: at('/api/auth/config') },
  {
    route: 'POST /api/auth/login',
    expect: anyone(),
    async request(_caller, fx) {
      const user = await fx.freshUser('manager');
      return { url: '/api/auth/login', body: { email: user.email, password: user.password } };
    },
  },
  {
    route: 'POST /api/auth/google-login',
    expect: anyone(),
    async request(_caller, fx) {
      const user = await fx.freshUser('manager');
      return {
        url: '/api/auth/google-login',
        body: { id_token: await fx.google.idToken({ email: user.email }) },
      };
    },
  },
];
