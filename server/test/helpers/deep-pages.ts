import { expect } from 'vitest';
import type { TestContext } from './test-app';

/**
 * Pages through a list read newest first, at 50 and at 37 rows a page, from the page that holds
 * row `from` to one past its last, as HR: each page's rows must be the slice of the table's ids
 * read whole from the database, and its pagination the page, limit and total.
 */
export async function expectPagesMatch(
  context: TestContext,
  list: { table: 'bonuses' | 'performance_metrics'; path: string; key: string },
  from: number,
): Promise<void> {
  const newestFirst = (
    await context.db
      .selectFrom(list.table)
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map((row) => row.id);
  const total = newestFirst.length;
  for (const limit of [50, 37]) {
    const lastPage = Math.ceil(total / limit) + 1;
    for (let page = Math.floor(from / limit); page <= lastPage; page++) {
      const res = await context.call('GET', `${list.path}?limit=${limit}&page=${page}`, {
        token: context.as.manager.token,
      });
      const what = `${list.path} page ${page} of ${limit}`;
      expect(res.body.data.pagination, what).toEqual({ page, limit, total });
      expect(
        res.body.data[list.key].map((row: { id: number }) => row.id),
        what,
      ).toEqual(newestFirst.slice((page - 1) * limit, page * limit));
    }
  }
}
