import { z } from 'zod';
import { wholeNumberQuery } from './fields';

/**
 * The response envelope of PRODUCT.md section 2. Every route answers one of these two shapes.
 */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const MAX_PAGE_SIZE = 1000;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `limit` of a list: 1 to 1000 (its default is the list's). */
export const pageLimit = wholeNumberQuery('limit', 1, MAX_PAGE_SIZE);

/** `page` and `limit` of every list (limit at most 1000, as SPEC.md's screens ask for 1000). */
export const pageQuerySchema = z.object({
  page: wholeNumberQuery('page', 1, 1_000_000, 'page is too large').default(1),
  limit: pageLimit.default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' });
