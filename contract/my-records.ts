import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQuerySchema } from './envelope';

/**
 * Paging of the employee's own lists. Nothing else is read from the query: whose records they
 * are comes from the session alone. The default is a whole page because SPEC.md's screens call
 * these routes without parameters and show everything.
 */
export const ownListQuerySchema = pageQuerySchema.extend({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(MAX_PAGE_SIZE),
});
export type OwnListQuery = z.infer<typeof ownListQuerySchema>;
