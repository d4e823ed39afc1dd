import { z } from 'zod';
import { pageQuerySchema, paginationSchema } from './envelope';
import { timestampSchema } from './fields';

/**
 * The audit trail (PRODUCT.md section 5): read-only. There is deliberately no schema for creating,
 * editing or deleting an entry, because no route does that.
 */

export const AUDIT_SEARCH_MAX = 200;

/** `GET /api/audit?search=&page=&limit=`: search is case-insensitive over name and description. */
export const auditQuerySchema = pageQuerySchema.extend({
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(AUDIT_SEARCH_MAX, `search must be at most ${AUDIT_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A snapshot of a record before or after the change, as the writer stored it. */
export const auditSnapshotSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditSnapshot = z.infer<typeof auditSnapshotSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** A short name people search by, such as "Bonus Assignment" or "User Login". */
  name: z.string(),
  /** A sentence naming the people involved. */
  description: z.string(),
  /** Who did it; both null for anonymous actions such as a refused sign-in. */
  actor: z.object({ user_id: z.number().int().nullable(), email: z.string().nullable() }),
  /** The address the request came from. */
  ip_address: z.string().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  before: auditSnapshotSchema,
  after: auditSnapshotSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  audit_trails: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditList = z.infer<typeof auditListSchema>;

export const auditEntryResultSchema = z.object({ audit_trail: auditEntrySchema });
export type AuditEntryResult = z.infer<typeof auditEntryResultSchema>;
