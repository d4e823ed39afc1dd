import { z } from 'zod';

/**
 * Field builders shared by every resource, so that a rule (and its message) is written once and
 * holds in the form, in the request validator and in the OpenAPI document alike.
 */

function requiredMessage(label: string, kind: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? `${label} is required`
      : `${label} must be ${kind}`;
}

/** A trimmed, non-blank string. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: requiredMessage(label, 'text') })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional free text: absent, null or blank all mean "nothing". */
export function optionalText(label: string, max = 2000) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Emails are stored trimmed and lower-cased (PRODUCT.md section 3). */
export function emailField(label = 'Email') {
  return z
    .string({ error: requiredMessage(label, 'text') })
    .trim()
    .toLowerCase()
    .min(1, `${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .email(`${label} must be a valid email address`);
}

/** Plain decimal digits, without leading zeros ("0" itself aside). */
const DECIMAL_DIGITS = /^(0|[1-9]\d*)$/;

/**
 * The number a path or query string spells in plain decimal digits; anything else is left as it
 * is, for the number schema after it to refuse. A plain number coercion would also take `0x1f`,
 * `1e3`, ` 7 `, `+7`, `7.0` or `007`: spellings of one value that caches, logs and audits would
 * tell apart.
 */
function fromDecimalText(input: unknown): unknown {
  return typeof input === 'string' && DECIMAL_DIGITS.test(input) ? Number(input) : input;
}

/** Plain decimal digits with a minus sign: a number below every query's minimum. */
const NEGATIVE_DIGITS = /^-[1-9]\d*$/;

/**
 * A whole number in a query string (`page`, `limit`) in plain decimal digits, with the messages
 * that name the field. A negative one is read too, to be refused as below the minimum.
 */
export function wholeNumberQuery(
  label: string,
  min: number,
  max: number,
  tooLarge = `${label} must be at most ${max}`,
) {
  const invalid = `${label} must be a whole number`;
  return z.preprocess(
    (input) =>
      typeof input === 'string' && NEGATIVE_DIGITS.test(input)
        ? Number(input)
        : fromDecimalText(input),
    z
      .number({ error: invalid })
      .int(invalid)
      .min(min, `${label} must be at least ${min}`)
      .max(max, tooLarge),
  );
}

/** A positive integer id in a path or query (arrives as a string), in plain decimal digits. */
export function idParam(label = 'id') {
  const invalid = `${label} must be a positive whole number`;
  return z.preprocess(
    fromDecimalText,
    z
      .number({ error: invalid })
      .int(invalid)
      .positive(invalid)
      .max(2_147_483_647, `${label} is too large`),
  );
}

export const idParamsSchema = z.object({ id: idParam() });

/** ISO date (YYYY-MM-DD), as dates travel in the API. */
export function isoDateField(label: string) {
  return z
    .string({ error: requiredMessage(label, 'a date') })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      message: `${label} must be a real date`,
    });
}

/** Timestamps leave the API as ISO 8601 strings in UTC. */
export const timestampSchema = z.string().describe('ISO 8601 timestamp (UTC)');
