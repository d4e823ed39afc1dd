import { expect } from 'vitest';
import { encodePageCursor } from '#contract/page-cursor';
import type { TestContext } from './test-app';

/**
 * Pages through a whole list read newest first, as HR, at each of `limits` rows a page, from the
 * first page to one past the last, and at the smallest size back again from there to the first:
 * each page's rows must be the slice of the table's ids read whole from the database (`created_at
 * desc, id desc`), and its pagination the page, limit, total and the cursor of its last row
 * (null on the last page and past it). Deep pages are read from the nearer end of the list, so
 * both ends are walked. Then the list is walked by cursor at each size, from the first page's
 * `next_cursor` to a null one: the same pages (rows and cursors), the page number echoed.
 */
export async function expectPagesMatch(
  context: TestContext,
  list: { table: 'bonuses' | 'performance_metrics'; path: string; key: string },
  limits: readonly number[] = [50, 37, 7],
): Promise<void> {
  const rows = await context.db
    .selectFrom(list.table)
    .select(['id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const newestFirst = rows.map((row) => row.id);
  const total = newestFirst.length;
  /** The cursor of the page ending before row `end`: null when no row follows. */
  const cursorBefore = (end: number) => {
    const last = rows[end - 1];
    return end < total && last
      ? encodePageCursor({ createdAt: String(last.created_at), id: last.id })
      : null;
  };
  const token = context.as.manager.token;
  const expectPage = async (limit: number, page: number) => {
    const res = await context.call('GET', `${list.path}?limit=${limit}&page=${page}`, { token });
    const what = `${list.path} page ${page} of ${limit}`;
    const nextCursor = cursorBefore(page * limit);
    expect(res.body.data.pagination, what).toEqual({
      page,
      limit,
      total,
      next_cursor: nextCursor,
    });
    expect(
      res.body.data[list.key].map((row: { id: number }) => row.id),
      what,
    ).toEqual(newestFirst.slice((page - 1) * limit, page * limit));
  };
  for (const limit of limits) {
    const pastTheEnd = Math.ceil(total / limit) + 1;
    for (let page = 1; page <= pastTheEnd; page++) await expectPage(limit, page);
  }
  const smallest = Math.min(...limits);
  for (let page = Math.ceil(total / smallest) + 1; page >= 1; page--) {
    await expectPage(smallest, page);
  }
  for (const limit of limits) {
    let cursor = cursorBefore(limit);
    let read = limit;
    while (cursor !== null) {
      // A page number beside the cursor is echoed back and changes nothing.
      const page = read / limit + 1;
      const res = await context.call(
        'GET',
        `${list.path}?limit=${limit}&page=${page % 3 === 0 ? 1 : page}&cursor=${cursor}`,
        { token },
      );
      const what = `${list.path} by cursor after ${read} of ${limit}`;
      expect(res.status, `${what}: ${res.text}`).toBe(200);
      expect(
        res.body.data[list.key].map((row: { id: number }) => row.id),
        what,
      ).toEqual(newestFirst.slice(read, read + limit));
      read += limit;
      expect(res.body.data.pagination, what).toEqual({
        page: page % 3 === 0 ? 1 : page,
        limit,
        total,
        next_cursor: cursorBefore(read),
      });
      cursor = res.body.data.pagination.next_cursor;
    }
    expect(read, `${list.path} by cursor at ${limit}`).toBeGreaterThanOrEqual(total);
  }
}
