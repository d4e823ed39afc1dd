import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { encodePageCursor, PAGE_CURSOR_MESSAGE } from '#contract/page-cursor';
import { errorEnvelope } from './helpers/error-envelope';
import { documentedOperations } from './helpers/openapi-routes';
import { insertEmployee } from './helpers/factories';
import { insertBonus, insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * Issue 57 point 3: keyset (cursor) paging beside page numbers on the two longest lists. Walking
 * a whole list by `next_cursor` gives exactly the pages the page numbers give, on every filter,
 * ties in `created_at` broken by id; the last page's `next_cursor` is null; a cursor that is not
 * one the list wrote is refused, naming the field.
 */

interface Page {
  ids: number[];
  pagination: { page: number; limit: number; total: number; next_cursor: string | null };
}

function pageOf(context: TestContext, key: string, url: string): Promise<Page> {
  return context.call('GET', url, { token: context.as.manager.token }).then((res) => {
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    return {
      ids: res.body.data[key].map((row: { id: number }) => row.id),
      pagination: res.body.data.pagination,
    };
  });
}

/**
 * The list at `path` (with its filter `query`) walked by page numbers at `limit`, then by
 * cursor from the first page: the same pages, rows and cursors, the last cursor null, and as
 * many rows in all as the total. Answers the ids in the list's order.
 */
async function expectCursorWalkMatchesPages(
  context: TestContext,
  list: { path: string; key: string },
  query: string,
  limit: number,
): Promise<number[]> {
  const at = (params: string) => `${list.path}?${query}${query ? '&' : ''}limit=${limit}${params}`;
  const byNumber: Page[] = [];
  for (let page = 1; ; page++) {
    const answer = await pageOf(context, list.key, at(`&page=${page}`));
    byNumber.push(answer);
    if (answer.ids.length < limit || page * limit >= answer.pagination.total) break;
  }
  const total = byNumber[0]!.pagination.total;
  const ids = byNumber.flatMap((page) => page.ids);
  expect(ids.length, `${query}: the pages hold the total`).toBe(total);
  expect(new Set(ids).size, `${query}: no row twice`).toBe(total);
  byNumber.forEach((page, index) => {
    const last = index === byNumber.length - 1;
    expect(page.pagination.next_cursor === null, `${query} page ${index + 1}`).toBe(last);
  });

  let cursor = byNumber[0]!.pagination.next_cursor;
  for (const [index, expected] of byNumber.slice(1).entries()) {
    expect(cursor, `${query}: a cursor before page ${index + 2}`).not.toBeNull();
    const answer = await pageOf(context, list.key, at(`&cursor=${cursor}`));
    expect(answer, `${query}: after page ${index + 1}`).toEqual({
      ...expected,
      // The page number is the given one (none: 1), not the depth.
      pagination: { ...expected.pagination, page: 1 },
    });
    cursor = answer.pagination.next_cursor;
  }
  expect(cursor, `${query}: none after the last page`).toBeNull();
  return ids;
}

describeEachEngine('keyset (cursor) pages of metric values and bonuses', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  const VALUES = { path: '/api/performance-metrics', key: 'performance_metrics' };
  const BONUSES = { path: '/api/bonuses', key: 'bonuses' };

  /** Two employees and two types, with values and bonuses several to a timestamp. */
  async function seed() {
    const ada = await insertEmployee(ctx().db, { join_date: '2020-01-06' });
    const bob = await insertEmployee(ctx().db, { join_date: '2020-01-06' });
    const quality = await insertMetricType(ctx().db);
    const output = await insertMetricType(ctx().db);
    for (let i = 0; i < 23; i++) {
      // Three rows to a minute: ties in created_at, broken by id.
      const createdAt = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
      await insertMetricValue(ctx().db, {
        userId: i % 2 === 0 ? ada : bob,
        metricTypeId: i % 3 === 0 ? output : quality,
        value: 1 + i,
        createdAt,
      });
      await insertBonus(ctx().db, i % 2 === 0 ? ada : bob, {
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    return { ada, bob, quality, output };
  }

  it('walks every list of values by cursor as by page numbers, with each filter', async () => {
    const { ada, bob, quality, output } = await seed();
    const filters = [
      '',
      `user_id=${ada}`,
      `user_id=${bob}`,
      `metric_type_id=${quality}`,
      `metric_type_id=${output}`,
      `user_id=${ada}&metric_type_id=${quality}`,
      `user_id=${bob}&metric_type_id=${output}`,
    ];
    for (const query of filters) {
      for (const limit of [1, 3, 4]) {
        await expectCursorWalkMatchesPages(ctx(), VALUES, query, limit);
      }
    }
    // The filter is kept after the cursor: Ada's values only.
    const adaIds = await expectCursorWalkMatchesPages(ctx(), VALUES, `user_id=${ada}`, 5);
    const adaRows = await ctx()
      .db.selectFrom('performance_metrics')
      .select('id')
      .where('user_id', '=', ada)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(adaIds).toEqual(adaRows.map((row) => row.id));
  });

  it('walks every list of bonuses by cursor as by page numbers, with the employee filter', async () => {
    const { ada, bob } = await seed();
    for (const query of ['', `employee_id=${ada}`, `employee_id=${bob}`]) {
      for (const limit of [1, 3, 4]) {
        await expectCursorWalkMatchesPages(ctx(), BONUSES, query, limit);
      }
    }
    const bobIds = await expectCursorWalkMatchesPages(ctx(), BONUSES, `employee_id=${bob}`, 5);
    const bobRows = await ctx()
      .db.selectFrom('bonuses')
      .select('id')
      .where('employee_id', '=', bob)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(bobIds).toEqual(bobRows.map((row) => row.id));
  });

  it('has no next cursor on a last page that is full, and none on an empty list', async () => {
    const { ada } = await seed();
    // A page as long as the list, then a page one shorter and the one row after it.
    const all = await pageOf(ctx(), VALUES.key, `${VALUES.path}?user_id=${ada}&limit=1000`);
    const total = all.pagination.total;
    expect(all.pagination.next_cursor).toBeNull();
    const exact = await pageOf(ctx(), VALUES.key, `${VALUES.path}?user_id=${ada}&limit=${total}`);
    expect(exact.pagination).toEqual({ page: 1, limit: total, total, next_cursor: null });
    const short = await pageOf(
      ctx(),
      VALUES.key,
      `${VALUES.path}?user_id=${ada}&limit=${total - 1}`,
    );
    const last = await pageOf(
      ctx(),
      VALUES.key,
      `${VALUES.path}?user_id=${ada}&limit=${total - 1}&cursor=${short.pagination.next_cursor}`,
    );
    expect(last.ids).toEqual([all.ids[total - 1]]);
    expect(last.pagination.next_cursor).toBeNull();
    // After the very last row: nothing, and no cursor.
    const lastRow = await ctx()
      .db.selectFrom('performance_metrics')
      .select(['id', 'created_at'])
      .where('id', '=', all.ids[total - 1]!)
      .executeTakeFirstOrThrow();
    const afterLast = encodePageCursor({
      createdAt: String(lastRow.created_at),
      id: lastRow.id,
    });
    const none = await pageOf(
      ctx(),
      VALUES.key,
      `${VALUES.path}?user_id=${ada}&cursor=${afterLast}`,
    );
    expect(none).toEqual({
      ids: [],
      pagination: { page: 1, limit: 50, total, next_cursor: null },
    });
    const nobody = await pageOf(ctx(), BONUSES.key, `${BONUSES.path}?employee_id=987654`);
    expect(nobody).toEqual({
      ids: [],
      pagination: { page: 1, limit: 50, total: 0, next_cursor: null },
    });
  });

  it('reads after the row a cursor names even once that row is gone, or rows come before it', async () => {
    const { bob } = await seed();
    const first = await pageOf(ctx(), BONUSES.key, `${BONUSES.path}?employee_id=${bob}&limit=4`);
    const second = await pageOf(
      ctx(),
      BONUSES.key,
      `${BONUSES.path}?employee_id=${bob}&limit=4&page=2`,
    );
    const lastShown = first.ids[3]!;
    expect((await ctx().call('DELETE', `/api/bonuses/${lastShown}`, asManager())).status).toBe(200);
    await insertBonus(ctx().db, bob, {
      created_at: '2025-06-01T00:00:00.000Z',
      updated_at: '2025-06-01T00:00:00.000Z',
    });
    const after = await pageOf(
      ctx(),
      BONUSES.key,
      `${BONUSES.path}?employee_id=${bob}&limit=4&page=7&cursor=${first.pagination.next_cursor}`,
    );
    // Page numbers would now shift by one; the cursor keeps its place.
    expect(after.ids).toEqual(second.ids);
    expect(after.pagination).toMatchObject({ page: 7, limit: 4, total: first.pagination.total });
  });

  it('refuses a cursor the list did not write, naming the field, on both lists', async () => {
    const { ada } = await seed();
    const good = encodePageCursor({ createdAt: '2024-01-01T00:03:00.000Z', id: 5 });
    const base64url = (text: string) => Buffer.from(text).toString('base64url');
    const bad = [
      '',
      'abc',
      'not a cursor',
      `${good}=`,
      `${good}==`,
      `${good}.`,
      Buffer.from('["2024-01-01T00:03:00.000Z",5]').toString('base64') + '=',
      `%20${good}`,
      `${good}%20`,
      'x'.repeat(201),
      base64url('["2024-01-01T00:03:00.000Z",5,1]'),
      base64url('["2024-01-01T00:03:00.000Z"]'),
      base64url('{"created_at":"2024-01-01T00:03:00.000Z","id":5}'),
      base64url('["2024-01-01T00:03:00.000Z","5"]'),
      base64url('["2024-01-01T00:03:00.000Z",0]'),
      base64url('["2024-01-01T00:03:00.000Z",-3]'),
      base64url('["2024-01-01T00:03:00.000Z",1.5]'),
      base64url('["2024-01-01T00:03:00.000Z",2147483648]'),
      base64url('["2024-01-01T00:03:00Z",5]'),
      base64url('["2024-01-01",5]'),
      base64url('["2024-02-30T00:00:00.000Z",5]'),
      base64url('["2024-01-01T00:03:00.000+00:00",5]'),
      base64url('[ "2024-01-01T00:03:00.000Z",5]'),
      base64url('[null,5]'),
      base64url('null'),
    ];
    const expected = errorEnvelope(PAGE_CURSOR_MESSAGE, 'cursor');
    for (const path of [
      '/api/performance-metrics',
      `/api/performance-metrics?user_id=${ada}`,
      '/api/bonuses',
      `/api/bonuses?employee_id=${ada}`,
    ]) {
      const join = path.includes('?') ? '&' : '?';
      const fine = await ctx().call('GET', `${path}${join}cursor=${good}`, asManager());
      expect(fine.status, `${path}: ${fine.text}`).toBe(200);
      for (const cursor of bad) {
        const url = `${path}${join}cursor=${cursor.startsWith('%') ? cursor : encodeURIComponent(cursor)}`;
        const res = await ctx().call('GET', url, asManager());
        expect(res.status, url).toBe(400);
        expect(res.body, url).toEqual(expected);
      }
      const twice = await ctx().call(
        'GET',
        `${path}${join}cursor=${good}&cursor=${good}`,
        asManager(),
      );
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual(expected);
    }
  });

  it('leaves the other lists of values and bonuses, and the exports, as they were', async () => {
    const { ada } = await seed();
    const cursor = encodePageCursor({ createdAt: '2024-01-01T00:03:00.000Z', id: 5 });
    const own = await ctx().call(
      'GET',
      `/api/performance-metrics/user/${ada}?limit=2`,
      asManager(),
    );
    expect(own.body.data.pagination).toEqual({ page: 1, limit: 2, total: 12 });
    for (const url of [
      `/api/performance-metrics/export.csv?user_id=${ada}&cursor=nonsense`,
      `/api/bonuses/export.csv?employee_id=${ada}&cursor=${cursor}`,
    ]) {
      const whole = await ctx().call('GET', url.replace(/&cursor=.*$/, ''), asManager());
      const withCursor = await ctx().call('GET', url, asManager());
      expect(withCursor.status, url).toBe(200);
      expect(withCursor.text, url).toBe(whole.text);
    }
  });

  it('documents the cursor and next_cursor on the two lists only', async () => {
    const doc = (await ctx().call('GET', '/api/openapi.json')).body;
    const operations = documentedOperations(doc);
    const withCursor = operations
      .filter((operation) => operation.queryParams.some((param) => param.name === 'cursor'))
      .map((operation) => operation.route);
    expect(withCursor).toEqual(['GET /api/bonuses', 'GET /api/performance-metrics']);
    for (const path of ['/api/performance-metrics', '/api/bonuses']) {
      expect(JSON.stringify(doc.paths[path].get.responses['200']), path).toContain('next_cursor');
    }
    for (const path of ['/api/performance-metrics/user/{id}', '/api/employees/my-bonuses']) {
      expect(JSON.stringify(doc.paths[path].get), path).not.toContain('next_cursor');
    }
  });

  it('keeps both lists to HR with a cursor, good or bad', async () => {
    const { ada } = await seed();
    const first = await pageOf(ctx(), VALUES.key, `${VALUES.path}?limit=2`);
    const good = first.pagination.next_cursor!;
    for (const url of [
      `${VALUES.path}?cursor=${good}`,
      `${VALUES.path}?user_id=${ada}&cursor=${good}`,
      `${BONUSES.path}?employee_id=${ada}&cursor=${good}`,
      `${BONUSES.path}?cursor=nonsense`,
    ]) {
      const anonymous = await ctx().call('GET', url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body, url).toEqual(errorEnvelope(AUTH_MESSAGES.notSignedIn));
      const employee = await ctx().call('GET', url, { token: ctx().as.employee.token });
      expect(employee.status, url).toBe(403);
      expect(employee.body, url).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
      const admin = await ctx().call('GET', url, { token: ctx().as.admin.token });
      expect(admin.status, url).toBe(url.endsWith('nonsense') ? 400 : 200);
    }
  });
});
