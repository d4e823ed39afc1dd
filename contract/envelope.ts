import { z } from 'zod';

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

/** `page` and `limit` of every list (limit at most 1000, as SPEC.md's screens ask for 1000). */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' });
