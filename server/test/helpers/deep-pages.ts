import { expect } from 'vitest';
import type { TestContext } from './test-app';

/**
 * Pages through a whole list read newest first, as HR, at each of `limits` rows a page, from the
 * first page to one past the last, and at the smallest size back again from there to the first:
 * each page's rows must be the slice of the table's ids read whole from the database (`created_at
 * desc, id desc`), and its pagination the page, limit and total. Deep pages are read from the
 * nearer end of the list, so both ends are walked.
 */
export async function expectPagesMatch(
  context: TestContext,
  list: { table: 'bonuses' | 'performance_metrics'; path: string; key: string },
  limits: readonly number[] = [50, 37, 7],
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
  const expectPage = async (limit: number, page: number) => {
    const res = await context.call('GET', `${list.path}?limit=${limit}&page=${page}`, {
      token: context.as.manager.token,
    });
    const what = `${list.path} page ${page} of ${limit}`;
    expect(res.body.data.pagination, what).toEqual({ page, limit, total });
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
}
