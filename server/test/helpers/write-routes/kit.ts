// What every module's write cases share: calls as a role, the expected actor, and fresh records.
import { insertEmployee } from '../factories';
import type { LocalGoogleIssuer } from '../google-issuer';
import { insertMetricType, insertMetricValue } from '../performance-factories';
import type { CallOptions, TestContext } from '../test-app';

export const unique = () => Math.random().toString(36).slice(2, 10);

export type WriteKit = ReturnType<typeof writeKit>;

export function writeKit(ctx: () => TestContext, google: LocalGoogleIssuer) {
  const as = (role: 'admin' | 'manager' | 'employee', ip?: string): CallOptions => ({
    token: ctx().as[role].token,
    ...(ip ? { remoteAddress: ip } : {}),
  });
  const actor = (role: 'admin' | 'manager' | 'employee') => ({
    user_id: ctx().as[role].id,
    email: ctx().as[role].email,
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions) =>
    ctx().call(method, url, options);

  async function person(first = 'Grace', last = `Hopper${unique()}`) {
    const email = `${first.toLowerCase()}.${unique()}@example.com`;
    const id = await insertEmployee(ctx().db, { first_name: first, last_name: last, email });
    return { id, name: `${first} ${last}`, email };
  }

  async function metricValue() {
    const employee = await person('Katherine', `Johnson${unique()}`);
    const metric = `Lab Safety ${unique()}`;
    const typeId = await insertMetricType(ctx().db, { metric_name: metric });
    const id = await insertMetricValue(ctx().db, {
      userId: employee.id,
      metricTypeId: typeId,
      value: 70,
    });
    return { employee, metric, typeId, id };
  }

  return { ctx, google, as, actor, call, person, metricValue };
}
