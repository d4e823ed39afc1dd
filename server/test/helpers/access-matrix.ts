import type { HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './error-envelope';
import type { CallResult, TestContext } from './test-app';

/**
 * Checks that a route refuses anonymous callers (401) and employees (403, with the same answer
 * whatever the target) and answers managers and admins; returns the two HR answers.
 */
export async function expectHrOnly(
  context: TestContext,
  method: HTTPMethods,
  url: string,
  body?: () => unknown,
): Promise<{ manager: CallResult; admin: CallResult }> {
  const anonymous = await context.call(method, url, { body: body?.() });
  expect(anonymous.status, `${method} ${url} anonymous`).toBe(401);
  expect(anonymous.body.success).toBe(false);

  const employee = await context.call(method, url, {
    token: context.as.employee.token,
    body: body?.(),
  });
  expect(employee.status, `${method} ${url} employee`).toBe(403);
  expect(employee.body).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));

  const manager = await context.call(method, url, {
    token: context.as.manager.token,
    body: body?.(),
  });
  const admin = await context.call(method, url, { token: context.as.admin.token, body: body?.() });
  for (const [role, answer] of [
    ['manager', manager],
    ['admin', admin],
  ] as const) {
    expect([401, 403], `${method} ${url} ${role}: ${answer.text}`).not.toContain(answer.status);
  }
  return { manager, admin };
}

/** The audit entries about one record, oldest first. */
export function auditEntriesOf(context: TestContext, entityType: string, entityId: number) {
  return context.db
    .selectFrom('audit_entries')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}
