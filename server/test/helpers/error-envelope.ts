import type { ErrorEnvelope } from '#contract/envelope';

/**
 * The whole answer a refusal must be (PRODUCT.md section 2): its message and, when the refusal
 * is about one field, that field with the same message. Tests compare answers to it whole, so
 * that a changed word or a missing field error fails them.
 */
export function errorEnvelope(message: string, field?: string): ErrorEnvelope {
  return field === undefined
    ? { success: false, message }
    : { success: false, message, errors: [{ field, message }] };
}
