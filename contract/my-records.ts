import type { z } from 'zod';
import { MAX_PAGE_SIZE, pageLimit, pageQuerySchema } from './envelope';

/**
 * Paging of the employee's own lists. Nothing else is read from the query: whose records they
 * are comes from the session alone. The default is a whole page because SPEC.md's screens call
 * these routes without parameters and show everything.
 */
export const ownListQuerySchema = pageQuerySchema.extend({
  limit: pageLimit.default(MAX_PAGE_SIZE),
});
export type OwnListQuery = z.infer<typeof ownListQuerySchema>;
