import { csvImportBodySchema, type CsvImportBody } from '#contract/csv-import';
import { AppError, badRequest } from '../../lib/errors';
import {
  INVALID_UTF8_MESSAGE,
  findUnstorableText,
  unstorableTextError,
} from '../../plugins/text-guard';

/**
 * An import's request body, read where it holds no other request (the import's worker thread):
 * a 10 MB body costs the strict UTF-8 decoding, JSON.parse and its garbage, which on the
 * request's thread held every other request. Each step refuses exactly as the rest of the API
 * does (plugins/text-guard.ts, Fastify's JSON parser, the route's zod schema, plugins/errors.ts),
 * in the same order, so an import's 400s read as every route's.
 */

/** How Fastify's JSON parser treats `__proto__` and `constructor` keys (app.initialConfig). */
export interface JsonPoisoning {
  protoAction: 'error' | 'remove' | 'ignore';
  constructorAction: 'error' | 'remove' | 'ignore';
}

/** A schema issue as fastify-type-provider-zod hands it to Fastify (errors.ts reads it). */
export interface BodyIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message: string;
  params: Record<string, unknown>;
}

/** The body failed its schema: the issues, to be answered as any route's validation error. */
export class InvalidImportBody extends Error {
  constructor(readonly issues: BodyIssue[]) {
    super('The import body failed its schema');
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The parsed JSON of the body's bytes, or the 400 Fastify's parser (text-guard.ts) gives. */
function parseJson(bytes: Uint8Array, poisoning: JsonPoisoning): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest(INVALID_UTF8_MESSAGE);
  }
  if (text.length === 0) throw new AppError(400, 'The request body must be a JSON object');
  try {
    return JSON.parse(text, (key, value: unknown) => {
      // As secure-json-parse (Fastify's parser) does: a key that would reach a prototype.
      const poisoned =
        key === '__proto__'
          ? poisoning.protoAction
          : key === 'constructor' &&
              typeof value === 'object' &&
              value !== null &&
              Object.hasOwn(value, 'prototype')
            ? poisoning.constructorAction
            : 'ignore';
      if (poisoned === 'error')
        throw new SyntaxError('Object contains forbidden prototype property');
      return poisoned === 'remove' ? undefined : value;
    });
  } catch {
    throw new AppError(400, 'The request body is not valid JSON');
  }
}

/**
 * The body as the route's schema reads it. `value` is the parsed JSON (or what Fastify had when
 * no body came); a refusal is an AppError (unstorable text) or InvalidImportBody.
 */
export function validateImportBody(value: unknown): CsvImportBody {
  const path = findUnstorableText(value);
  if (path !== null) throw unstorableTextError(path || 'body');
  const parsed = csvImportBodySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InvalidImportBody(
    parsed.error.issues.map((issue) => {
      const { path: issuePath, code, message, ...params } = issue;
      return {
        keyword: code,
        instancePath: `/${issuePath.join('/')}`,
        schemaPath: `#/${issuePath.join('/')}/${code}`,
        message,
        params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>,
      };
    }),
  );
}

/** The body's bytes read and checked: the import's request, or its refusal (see above). */
export function readImportBody(bytes: Uint8Array, poisoning: JsonPoisoning): CsvImportBody {
  return validateImportBody(parseJson(bytes, poisoning));
}

/**
 * The error Fastify raises for a body that fails its zod schema, rebuilt on the request's
 * thread from the worker's issues, so plugins/errors.ts answers it as it answers every route's
 * (the marker symbol does not cross threads).
 */
export function validationErrorOf(issues: BodyIssue[]): Error {
  const marker = Symbol.for('ZodFastifySchemaValidationError');
  const error = new Error('body/ failed validation') as Error & Record<string, unknown>;
  error.validation = issues.map((issue) => ({ [marker]: true, ...issue }));
  error.validationContext = 'body';
  error.statusCode = 400;
  error.code = 'FST_ERR_VALIDATION';
  return error;
}
