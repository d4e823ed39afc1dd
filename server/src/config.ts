import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed and defaulted in this one place
 * (PRODUCT.md section 1). Nothing else in the server touches process.env.
 */

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

/** An address, a subnet (`10.0.0.0/8`) or one of proxy-addr's names for a kind of network. */
function isProxyAddress(proxy: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(proxy)) return true;
  const [address = '', bits, ...rest] = proxy.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/**
 * Which `X-Forwarded-For` entries name the client. `false`: none, the client is the peer. `true`:
 * one proxy in front, so the client is the address that proxy saw (the right-most entry, which
 * it appends). Otherwise the addresses or subnets of the proxies, comma-separated (or proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`): the client is the nearest address not among them.
 * Never Fastify's own `true`, which believes the left-most entry: whatever the client wrote.
 */
const trustedProxies = z
  .string()
  .default('false')
  .transform((value): false | 'one-hop' | string[] => {
    const setting = value.trim().toLowerCase();
    if (['false', '0', 'no', ''].includes(setting)) return false;
    if (['true', '1', 'yes'].includes(setting)) return 'one-hop';
    return value
      .split(',')
      .map((proxy) => proxy.trim())
      .filter(Boolean);
  })
  .refine((proxies) => !Array.isArray(proxies) || proxies.every(isProxyAddress), {
    message:
      'TRUST_PROXY must be true, false, or the addresses or subnets of the proxies (comma-separated)',
  });

const envSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    BASE_PATH: z
      .string()
      .default('/spms/')
      .transform((value) => `/${value.replace(/^\/+|\/+$/g, '')}/`),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// address')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    JWT_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'JWT_SECRET must be at least 32 characters (256 bits)').optional(),
    ),
    JWT_EXPIRES_IN: z.string().default('8h'),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    DEMO_DATA: booleanFromEnv(true),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_HOSTED_DOMAIN: optionalString,
    GOOGLE_JWKS_URL: z.string().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z
      .string()
      .default('accounts.google.com,https://accounts.google.com')
      .transform((value) =>
        value
          .split(',')
          .map((issuer) => issuer.trim())
          .filter(Boolean),
      ),
    SEMESTER_START_MONTHS: z
      .string()
      .default('1,7')
      .transform((value) => value.split(',').map(Number))
      .pipe(z.array(z.number().int().min(1).max(12)).min(1)),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    REQUESTS_PER_MINUTE_PER_ACCOUNT: z.coerce.number().int().min(1).default(600),
    // Per client address, without a session (plugins/request-limit.ts); 0 turns it off.
    ANONYMOUS_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(300),
    // plugins/under-pressure.ts: past this mean wait of the event loop over a second, 503s.
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(5),
    TRUST_PROXY: trustedProxies,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // PEM files: with both, the server speaks HTTPS, HTTP/2 to browsers and HTTP/1.1 to the rest.
    TLS_CERT_FILE: optionalString,
    TLS_KEY_FILE: optionalString,
    // The CSV imports' worker script, when the server runs from its sources (tsx, vitest): the
    // API tests bundle it once per run (server/test/global-setup.ts) rather than have every
    // import's thread load the sources through tsx again. Unset, the bundle's own
    // import-worker.mjs or the sources are used (modules/csv/import-thread.ts).
    IMPORT_WORKER_FILE: optionalString,
  })
  .refine((env) => (env.TLS_CERT_FILE === undefined) === (env.TLS_KEY_FILE === undefined), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither',
    path: ['TLS_CERT_FILE'],
  });

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
