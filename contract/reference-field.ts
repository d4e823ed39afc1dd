import { z } from 'zod';
import { idParam } from './fields';

/**
 * An id in a request body that refers to another record (`user_id`, `metric_type_id`,
 * `employee_id`). A JSON number, or a string of digits as an HTML select gives it; anything
 * else (true, 1.5, "abc") is refused rather than coerced.
 */
export function referenceId(label: string) {
  const invalid = `${label} must be a positive whole number`;
  return z.preprocess(
    (input) =>
      typeof input === 'string' && /^\s*\d{1,10}\s*$/.test(input) ? Number(input) : input,
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? `${label} is required` : invalid,
      })
      .int(invalid)
      .positive(invalid)
      .max(2_147_483_647, `${label} is too large`),
  );
}

/**
 * An optional id filter in a query string. Empty (`?user_id=`, as a form's "All" choice may
 * send it) means no filter rather than an error.
 */
export function optionalIdFilter(label: string) {
  return z.preprocess(
    (input) => (typeof input === 'string' && input.trim() === '' ? undefined : input),
    idParam(label).optional(),
  );
}
