import { expect, it } from 'vitest';
import { insertEmployee } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';

/**
 * HR sets a person's status in the staff edit form (issue 56, docs/product-decisions.md): PUT
 * /api/employees/{id} takes `status`, the list's status filter then finds them there, and a
 * status that is none of the three is refused with the field named.
 */
describeEachEngine('staff status set by an edit', (ctx) => {
  const idsWithStatus = async (status: string, token: string) => {
    const res = await ctx().call('GET', `/api/employees?status=${status}&limit=1000`, { token });
    expect(res.status).toBe(200);
    return res.body.data.employees.map((e: { id: number }) => e.id) as number[];
  };

  it('moves a person to On Leave and Inactive and back, as the list filter shows', async () => {
    const token = ctx().as.manager.token;
    const id = await insertEmployee(ctx().db, { status: 'active' });
    expect(await idsWithStatus('active', token)).toContain(id);

    for (const status of ['on-leave', 'inactive', 'active'] as const) {
      const res = await ctx().call('PUT', `/api/employees/${id}`, {
        token,
        body: { position: 'Lecturer', status },
      });
      expect(res.status, status).toBe(200);
      expect(res.body.data.employee.status).toBe(status);
      for (const other of ['active', 'on-leave', 'inactive']) {
        const ids = await idsWithStatus(other, token);
        expect(ids.includes(id), `${status} listed under ${other}`).toBe(other === status);
      }
    }
  });

  it('refuses a status that is none of the three, naming the field', async () => {
    const id = await insertEmployee(ctx().db, { status: 'active' });
    const res = await ctx().call('PUT', `/api/employees/${id}`, {
      token: ctx().as.admin.token,
      body: { status: 'retired' },
    });
    expect(res.status).toBe(400);
    // The wording is the messages' own (contract/employees.ts); the field is named.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['status']);
    const after = await ctx().call('GET', `/api/employees/${id}`, { token: ctx().as.admin.token });
    expect(after.body.data.employee.status).toBe('active');
  });
});
