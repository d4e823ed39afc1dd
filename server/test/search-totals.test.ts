import { expect, it } from 'vitest';
import { insertEmployee, insertUser } from './helpers/factories';
import { insertQuestion } from './helpers/question-factories';
import { describeEachEngine } from './helpers/test-app';

/**
 * A search's total is remembered per data version (db/remembered-counts.ts): the same search
 * asked again, or its next page, reuses the count. These show the total a person sees follows
 * every write that changes the matches, in either direction, and every page agrees.
 */

const unique = () => `zq${Math.random().toString(36).slice(2, 8)}`;

describeEachEngine('search totals follow the data', (ctx) => {
  const total = async (url: string, token: string) => {
    const res = await ctx().call('GET', url, { token });
    expect(res.status, url).toBe(200);
    return res.body.data.pagination.total as number;
  };

  it("keeps the staff search's total right across pages, additions and removals", async () => {
    const tag = unique();
    const token = ctx().as.manager.token;
    const search = (page: number) => `/api/employees?search=${tag}&limit=1&page=${page}`;
    await insertEmployee(ctx().db, { position: `Analyst ${tag}` });
    await insertEmployee(ctx().db, { position: `Engineer ${tag}` });
    expect(await total(search(1), token)).toBe(2);
    expect(await total(search(2), token)).toBe(2);

    const third = await insertEmployee(ctx().db, { position: `Lead ${tag}` });
    expect(await total(search(1), token)).toBe(3);
    await ctx()
      .db.updateTable('employees')
      .set({ position: 'Lead' })
      .where('id', '=', third)
      .execute();
    expect(await total(search(2), token)).toBe(2);
    expect(await total(`${search(1)}&status=inactive`, token)).toBe(0);
  });

  it("keeps the accounts search's total right across pages, additions and removals", async () => {
    const tag = unique();
    const token = ctx().as.admin.token;
    const search = (page: number) => `/api/users?search=${tag}&limit=1&page=${page}`;
    await insertUser(ctx().db, { firstname: `Ann${tag}` });
    expect(await total(search(1), token)).toBe(1);

    const second = await insertUser(ctx().db, { lastname: `Bell${tag}` });
    expect(await total(search(1), token)).toBe(2);
    expect(await total(search(2), token)).toBe(2);
    await ctx().db.deleteFrom('users').where('id', '=', second.id).execute();
    expect(await total(search(1), token)).toBe(1);
  });

  it("keeps HR's question search total right as questions are asked and answered", async () => {
    const tag = unique();
    const token = ctx().as.manager.token;
    const pending = (page: number) =>
      `/api/responses/admin/all?search=${tag}&status=pending&limit=1&page=${page}`;
    const employee = await insertEmployee(ctx().db);
    const first = await insertQuestion(ctx().db, employee, { question: `How is ${tag} going?` });
    expect(await total(pending(1), token)).toBe(1);

    await insertQuestion(ctx().db, employee, { question: `Anything on ${tag}?` });
    expect(await total(pending(1), token)).toBe(2);
    expect(await total(pending(2), token)).toBe(2);
    await ctx()
      .db.updateTable('questions')
      .set({ response: 'Fine', responded_at: new Date().toISOString() })
      .where('id', '=', first)
      .execute();
    expect(await total(pending(1), token)).toBe(1);
    expect(await total(`/api/responses/admin/all?search=${tag}&status=answered`, token)).toBe(1);
  });
});
