import { z } from 'zod';
import { paginationSchema } from './envelope';

/**
 * Keyset ("cursor") paging beside page numbers, for the lists read newest first
 * (`created_at desc, id desc`): a page's `next_cursor` names its last row, and `?cursor=` asks
 * for the rows after that row, however many were written or deleted before it meanwhile, at the
 * cost of the first page whatever the depth.
 *
 * The cursor is opaque to clients: base64url (no padding) of the JSON `[created_at, id]` of the
 * row. `created_at` is the row's timestamp as the API answers it, which is the stored value:
 * the application writes every timestamp as toISOString gives it (server/src/lib/clock.ts).
 */

export interface PageCursor {
  createdAt: string;
  id: number;
}

export const PAGE_CURSOR_MESSAGE = 'cursor must be the next_cursor of a page of this list';

/** Far longer than any cursor written (about 50 characters). */
const MAX_CURSOR_LENGTH = 200;

/** `2024-03-01T09:30:00.000Z`: the only form of a stored timestamp. */
const CANONICAL_ISO = /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d\.\d{3}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function encodePageCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify([cursor.createdAt, cursor.id]));
}

/**
 * The row a cursor names; null for anything `encodePageCursor` does not write, so that each row
 * has one cursor only (no padding, other alphabet or JSON spelling of the same row).
 */
export function decodePageCursor(text: string): PageCursor | null {
  if (!BASE64URL.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CANONICAL_ISO.test(createdAt)) return null;
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== createdAt) return null;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const cursor = { createdAt, id };
  return encodePageCursor(cursor) === text ? cursor : null;
}

/** `cursor` of a list query: the row the page starts after, decoded. */
export const pageCursorQuery = z
  .string({ error: PAGE_CURSOR_MESSAGE })
  .max(MAX_CURSOR_LENGTH, PAGE_CURSOR_MESSAGE)
  .transform((text, ctx) => {
    const cursor = decodePageCursor(text);
    if (cursor) return cursor;
    ctx.addIssue({ code: 'custom', message: PAGE_CURSOR_MESSAGE });
    return z.NEVER;
  })
  .optional()
  .describe(
    "A page's next_cursor: the rows after that page's last row, whatever the page number " +
      '(page is then only echoed back)',
  );

/** `pagination` of a list that also pages by cursor: `next_cursor` is null on the last page. */
export const cursorPaginationSchema = paginationSchema.extend({
  next_cursor: z
    .string()
    .nullable()
    .describe('Pass as cursor for the rows after this page; null when no rows follow'),
});
export type CursorPagination = z.infer<typeof cursorPaginationSchema>;

/** A page's `next_cursor`: its last row's cursor when `more` rows follow it, else null. */
export function nextCursorOf(
  rows: readonly { created_at: string; id: number }[],
  more: boolean,
): string | null {
  const last = rows[rows.length - 1];
  return more && last ? encodePageCursor({ createdAt: last.created_at, id: last.id }) : null;
}
