import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { fieldLabel } from '#contract/field-labels';
import { badRequest } from '../lib/errors';

/**
 * Text that no database here can store faithfully: NUL (PostgreSQL refuses it in `text`, which
 * turned such input into a 500, while SQLite kept it) and UTF-16 surrogates without their pair
 * (broken Unicode, silently mangled into replacement characters by both drivers). With the `u`
 * flag a proper surrogate pair is one code point, so only unpaired halves match `\p{Cs}`.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/**
 * Whether any string in `value` holds unstorable text. Every request with input pays this check,
 * so it builds nothing a clean body does not need (no pairs of entries, no paths): a flat object
 * allocates nothing, and nested objects wait on a stack only when there are some.
 */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object') return false;
  // Iterative, so a deeply nested body cannot exhaust the stack.
  let pending: object[] | null = null;
  let current: object | undefined = value;
  while (current !== undefined) {
    // Own enumerable string keys, as Object.entries gives them.
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      const child = (current as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (UNSTORABLE.test(child)) return true;
      } else if (child !== null && typeof child === 'object') {
        (pending ??= []).push(child);
      }
    }
    current = pending?.pop();
  }
  return false;
}

/** The path ("skills.2") of the first string holding unstorable text, or null when there is none. */
export function findUnstorableText(value: unknown): string | null {
  // The path is worked out only for input that is refused.
  if (!holdsUnstorableText(value)) return null;
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      const children = Object.entries(current);
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i]!;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * The 400 for unstorable text at `field` (also given by the CSV imports' body reader), naming
 * the field by its label on the screens.
 */
export const unstorableTextError = (field: string) =>
  badRequest(
    `${fieldLabel(field)} contains a character that cannot be stored (NUL or an unpaired surrogate)`,
    field,
  );

/** The 400 for the first unstorable text in one part of the request, or null. */
function refusalIn(part: 'params' | 'query' | 'body', value: unknown) {
  const path = findUnstorableText(value);
  return path === null ? null : unstorableTextError(path || part);
}

const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  const refusal =
    refusalIn('params', request.params) ??
    refusalIn('query', request.query) ??
    refusalIn('body', request.body);
  if (refusal) {
    done(refusal);
    return;
  }
  done();
};

export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8';

/**
 * JSON bodies as Fastify parses them, but decoded strictly: Fastify reads the body as UTF-8 text
 * itself, turning bytes that are no UTF-8 into U+FFFD, which would then be stored as if the client
 * had sent them. Decoding the raw bytes with `fatal` refuses them instead.
 */
function strictUtf8Json(app: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request, body: Buffer, done) => {
      let text: string;
      try {
        text = utf8.decode(body);
      } catch {
        done(badRequest(INVALID_UTF8_MESSAGE), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}

/**
 * Refuses unstorable text in params, query and body with a 400 naming the field, before schema
 * validation, on every route that takes input. Routes without input pay nothing. JSON bodies that
 * are not valid UTF-8 are refused as they are parsed.
 */
async function textGuardPlugin(app: FastifyInstance) {
  strictUtf8Json(app);
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema?.body && !schema?.querystring && !schema?.params) return;
    const existing = route.preValidation;
    route.preValidation = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      refuseUnstorableText,
    ];
  });
}

export default fp(textGuardPlugin, { name: 'text-guard' });
