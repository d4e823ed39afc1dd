import { insertEmployee } from './factories';
import type { LocalGoogleIssuer } from './google-issuer';
import { insertBonus, insertMetricType, insertMetricValue } from './performance-factories';
import { insertQuestion } from './question-factories';
import type { CallOptions, CallResult, TestContext } from './test-app';

/**
 * Every write route of the product, each with one valid call and what its single audit entry
 * must say, plus calls it must refuse without writing any entry. `audit-coverage.test.ts` runs
 * them and checks the table against the OpenAPI document, so a new write route cannot go
 * unaudited without that test failing.
 */

export interface ExpectedEntry {
  status: number;
  name: string;
  /** Texts the description must contain: the people (and things) involved. */
  mentions: string[];
  /** Who the entry names as the actor; null for an anonymous, refused sign-in. */
  actor: { user_id: number; email: string } | null;
  entity?: { type: string; id?: number | null };
  before: boolean;
  after: boolean;
}

export interface Refusal {
  title: string;
  status: number;
  call(): Promise<CallResult>;
}

export interface WriteCase {
  /** The route as the OpenAPI document names it: "PUT /api/employees/{id}". */
  route: string;
  title: string;
  /** Arranges what the call needs, then makes it (from `ip`) and says what must be recorded. */
  perform(ip: string): Promise<{ result: CallResult; expected: ExpectedEntry }>;
  /** Calls that must be refused and leave no entry at all. */
  refusals?(): Promise<Refusal[]>;
}

const unique = () => Math.random().toString(36).slice(2, 10);

export function writeCases(ctx: () => TestContext, google: LocalGoogleIssuer): WriteCase[] {
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

  return [
    {
      route: 'POST /api/auth/login',
      title: 'a password sign-in',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Login',
            mentions: [user.email],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: false,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'no password (400)',
            status: 400,
            call: () => call('POST', '/api/auth/login', { body: { email: 'x@example.com' } }),
          },
        ];
      },
    },
    {
      route: 'POST /api/auth/login',
      title: 'a refused password sign-in (audited by design)',
      async perform(ip) {
        const email = `nobody.${unique()}@example.com`;
        const result = await call('POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 401,
            name: 'User Login Failed',
            mentions: [email],
            actor: null,
            entity: { type: 'user', id: null },
            before: false,
            after: false,
          },
        };
      },
    },
    {
      route: 'POST /api/auth/google-login',
      title: 'a first Google sign-in, linking the Google account',
      async perform(ip) {
        const user = await ctx().newUser('employee');
        const result = await call('POST', '/api/auth/google-login', {
          body: { id_token: await google.idToken({ email: user.email }) },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Login',
            mentions: [user.email, 'Google'],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an empty token (400)',
            status: 400,
            call: () => call('POST', '/api/auth/google-login', { body: { id_token: ' ' } }),
          },
        ];
      },
    },
    {
      route: 'POST /api/auth/google-login',
      title: 'a refused Google sign-in (audited by design)',
      async perform(ip) {
        const email = `stranger.${unique()}@example.com`;
        const result = await call('POST', '/api/auth/google-login', {
          body: { id_token: await google.idToken({ email }) },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 401,
            name: 'User Login Failed',
            mentions: [email],
            actor: null,
            before: false,
            after: false,
          },
        };
      },
    },
    {
      route: 'PUT /api/users/change-password',
      title: 'a password change',
      async perform(ip) {
        const user = await ctx().newUser('employee');
        const result = await call('PUT', '/api/users/change-password', {
          token: user.token,
          body: { oldPassword: user.password, newPassword: 'a-brand-new-passphrase' },
          remoteAddress: ip,
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Password Change',
            mentions: [user.email],
            actor: { user_id: user.id, email: user.email },
            entity: { type: 'user', id: user.id },
            before: false,
            after: false,
          },
        };
      },
      async refusals() {
        const user = await ctx().newUser('employee');
        const change = (body: unknown) =>
          call('PUT', '/api/users/change-password', { token: user.token, body });
        return [
          {
            title: 'a short new password (400)',
            status: 400,
            call: () => change({ oldPassword: user.password, newPassword: 'short' }),
          },
          {
            title: 'a wrong current password (400)',
            status: 400,
            call: () => change({ oldPassword: 'not-my-password', newPassword: 'long-enough-1' }),
          },
        ];
      },
    },
    {
      route: 'POST /api/employees',
      title: 'adding a staff member',
      async perform(ip) {
        const email = `new.hire.${unique()}@example.com`;
        const result = await call('POST', '/api/employees', {
          ...as('manager', ip),
          body: {
            first_name: 'Hedy',
            last_name: 'Lamarr',
            email,
            position: 'Lecturer',
            department: 'CIT',
            join_date: '2024-02-01',
          },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Employee Created',
            mentions: ['Hedy Lamarr', email],
            actor: actor('manager'),
            entity: { type: 'employee', id: result.body?.data?.employee?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('POST', '/api/employees', { ...as('employee'), body: {} }),
          },
          {
            title: 'no name (400)',
            status: 400,
            call: () =>
              call('POST', '/api/employees', { ...as('manager'), body: { last_name: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/employees/{id}',
      title: 'changing a staff record',
      async perform(ip) {
        const employee = await person();
        const result = await call('PUT', `/api/employees/${employee.id}`, {
          ...as('admin', ip),
          body: { position: 'Senior Lecturer' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Employee Updated',
            mentions: [employee.name, employee.email, 'position'],
            actor: actor('admin'),
            entity: { type: 'employee', id: employee.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an unknown employee (404)',
            status: 404,
            call: () =>
              call('PUT', '/api/employees/987654', { ...as('admin'), body: { position: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/employees/{id}',
      title: 'deleting a staff member',
      async perform(ip) {
        const employee = await person();
        const result = await call('DELETE', `/api/employees/${employee.id}`, as('manager', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Employee Deleted',
            mentions: [employee.name, employee.email],
            actor: actor('manager'),
            entity: { type: 'employee', id: employee.id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const employee = await person();
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('DELETE', `/api/employees/${employee.id}`, as('employee')),
          },
        ];
      },
    },
    {
      route: 'POST /api/employees/{id}/link-employee',
      title: 'giving an employee an account',
      async perform(ip) {
        const employee = await person('Linda', `Linked${unique()}`);
        const result = await call(
          'POST',
          `/api/employees/${employee.id}/link-employee`,
          as('admin', ip),
        );
        return {
          result,
          expected: {
            status: 201,
            name: 'Employee Account Linked',
            mentions: [employee.name, employee.email],
            actor: actor('admin'),
            entity: { type: 'employee', id: employee.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        return [
          {
            title: 'a manager (403)',
            status: 403,
            call: () => call('POST', `/api/employees/${employee.id}/link-employee`, as('manager')),
          },
        ];
      },
    },
    {
      route: 'POST /api/users',
      title: 'creating a user',
      async perform(ip) {
        const email = `new.user.${unique()}@example.com`;
        const result = await call('POST', '/api/users', {
          ...as('admin', ip),
          body: { email, firstname: 'Barbara', lastname: 'Liskov', user_type: 'manager' },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'User Created',
            mentions: ['Barbara Liskov', email, 'manager'],
            actor: actor('admin'),
            entity: { type: 'user', id: result.body?.data?.user?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'a manager (403)',
            status: 403,
            call: () => call('POST', '/api/users', { ...as('manager'), body: {} }),
          },
          {
            title: 'a taken email (409)',
            status: 409,
            call: () =>
              call('POST', '/api/users', {
                ...as('admin'),
                body: { email: ctx().as.manager.email, firstname: 'A', lastname: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/users/{id}',
      title: 'changing a user',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('PUT', `/api/users/${user.id}`, {
          ...as('admin', ip),
          body: { firstname: 'Renamed' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'User Updated',
            mentions: [user.email, 'Renamed', 'firstname'],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an invalid email (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/users/${ctx().as.manager.id}`, {
                ...as('admin'),
                body: { email: 'not-an-email' },
              }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/users/{id}',
      title: 'deleting a user',
      async perform(ip) {
        const user = await ctx().newUser('manager');
        const result = await call('DELETE', `/api/users/${user.id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'User Deleted',
            mentions: [user.email],
            actor: actor('admin'),
            entity: { type: 'user', id: user.id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'deleting oneself (409)',
            status: 409,
            call: () => call('DELETE', `/api/users/${ctx().as.admin.id}`, as('admin')),
          },
        ];
      },
    },
    {
      route: 'POST /api/metric-types',
      title: 'creating a metric type',
      async perform(ip) {
        const name = `Teaching Quality ${unique()}`;
        const result = await call('POST', '/api/metric-types', {
          ...as('manager', ip),
          body: { metric_name: name, measurement_unit: '%', minimum_value: 0, maximum_value: 100 },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Metric Type Created',
            mentions: [name],
            actor: actor('manager'),
            entity: { type: 'metric_type', id: result.body?.data?.metric_type?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'a minimum above the maximum (400)',
            status: 400,
            call: () =>
              call('POST', '/api/metric-types', {
                ...as('manager'),
                body: { metric_name: 'Upside down', minimum_value: 10, maximum_value: 5 },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/metric-types/{id}',
      title: 'changing a metric type',
      async perform(ip) {
        const name = `Attendance ${unique()}`;
        const id = await insertMetricType(ctx().db, { metric_name: name });
        const result = await call('PUT', `/api/metric-types/${id}`, {
          ...as('manager', ip),
          body: { metric_name: name, description: 'Days present', measurement_unit: 'days' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Metric Type Updated',
            mentions: [name],
            actor: actor('manager'),
            entity: { type: 'metric_type', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () =>
              call('PUT', '/api/metric-types/1', { ...as('employee'), body: { metric_name: 'X' } }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/metric-types/{id}',
      title: 'deleting a metric type',
      async perform(ip) {
        const name = `Obsolete ${unique()}`;
        const id = await insertMetricType(ctx().db, { metric_name: name });
        const result = await call('DELETE', `/api/metric-types/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Metric Type Deleted',
            mentions: [name],
            actor: actor('admin'),
            entity: { type: 'metric_type', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const { typeId } = await metricValue();
        return [
          {
            title: 'a type with values (409)',
            status: 409,
            call: () => call('DELETE', `/api/metric-types/${typeId}`, as('admin')),
          },
        ];
      },
    },
    {
      route: 'POST /api/performance-metrics',
      title: 'recording a metric value',
      async perform(ip) {
        const employee = await person('Dorothy', `Vaughan${unique()}`);
        const metric = `Research Output ${unique()}`;
        const typeId = await insertMetricType(ctx().db, { metric_name: metric });
        const result = await call('POST', '/api/performance-metrics', {
          ...as('manager', ip),
          body: { metric_type_id: typeId, user_id: employee.id, value: 87.5 },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Performance Metric Recorded',
            mentions: [employee.name, employee.email, metric, '87.5'],
            actor: actor('manager'),
            entity: { type: 'performance_metric', id: result.body?.data?.performance_metric?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const typeId = await insertMetricType(ctx().db);
        return [
          {
            title: 'a value above 100 (400)',
            status: 400,
            call: () =>
              call('POST', '/api/performance-metrics', {
                ...as('manager'),
                body: { metric_type_id: typeId, user_id: employee.id, value: 101 },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/performance-metrics/{id}',
      title: 'changing a metric value',
      async perform(ip) {
        const { employee, metric, id } = await metricValue();
        const result = await call('PUT', `/api/performance-metrics/${id}`, {
          ...as('manager', ip),
          body: { value: 91, comment: 'Re-marked' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Updated',
            mentions: [employee.name, employee.email, metric],
            actor: actor('manager'),
            entity: { type: 'performance_metric', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const { id } = await metricValue();
        return [
          {
            title: 'no value (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/performance-metrics/${id}`, { ...as('manager'), body: {} }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/performance-metrics/{id}',
      title: 'deleting a metric value',
      async perform(ip) {
        const { employee, metric, id } = await metricValue();
        const result = await call('DELETE', `/api/performance-metrics/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Deleted',
            mentions: [employee.name, employee.email, metric],
            actor: actor('admin'),
            entity: { type: 'performance_metric', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an unknown value (404)',
            status: 404,
            call: () => call('DELETE', '/api/performance-metrics/987654', as('admin')),
          },
        ];
      },
    },
    {
      route: 'POST /api/bonuses',
      title: 'awarding a bonus',
      async perform(ip) {
        const employee = await person('Mary', `Jackson${unique()}`);
        const result = await call('POST', '/api/bonuses', {
          ...as('manager', ip),
          body: { employee_id: employee.id, bonus_name: 'Spot Award', description: 'Covered' },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Bonus Assignment',
            mentions: [employee.name, employee.email, 'Spot Award'],
            actor: actor('manager'),
            entity: { type: 'bonus', id: result.body?.data?.bonus?.id },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        return [
          {
            title: 'an unknown employee (404)',
            status: 404,
            call: () =>
              call('POST', '/api/bonuses', {
                ...as('manager'),
                body: { employee_id: 987654, bonus_name: 'A', description: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/bonuses/{id}',
      title: 'changing a bonus',
      async perform(ip) {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id, { bonus_name: 'Long Service' });
        const result = await call('PUT', `/api/bonuses/${id}`, {
          ...as('manager', ip),
          body: { bonus_name: 'Long Service', description: 'Twenty years' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Bonus Updated',
            mentions: [employee.name, employee.email, 'Long Service'],
            actor: actor('manager'),
            entity: { type: 'bonus', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id);
        return [
          {
            title: 'a blank name (400)',
            status: 400,
            call: () =>
              call('PUT', `/api/bonuses/${id}`, {
                ...as('manager'),
                body: { bonus_name: ' ', description: 'B' },
              }),
          },
        ];
      },
    },
    {
      route: 'DELETE /api/bonuses/{id}',
      title: 'deleting a bonus',
      async perform(ip) {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id, { bonus_name: 'Mistaken Award' });
        const result = await call('DELETE', `/api/bonuses/${id}`, as('admin', ip));
        return {
          result,
          expected: {
            status: 200,
            name: 'Bonus Deleted',
            mentions: [employee.name, employee.email, 'Mistaken Award'],
            actor: actor('admin'),
            entity: { type: 'bonus', id },
            before: true,
            after: false,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const id = await insertBonus(ctx().db, employee.id);
        return [
          {
            title: 'an employee (403)',
            status: 403,
            call: () => call('DELETE', `/api/bonuses/${id}`, as('employee')),
          },
        ];
      },
    },
    {
      route: 'POST /api/responses',
      title: 'asking a question',
      async perform(ip) {
        const first = await person('Annie', `Easley${unique()}`);
        const second = await person('Mae', `Jemison${unique()}`);
        const question = `What slowed you down this month? ${unique()}`;
        const result = await call('POST', '/api/responses', {
          ...as('manager', ip),
          body: { question, employee_ids: [first.id, second.id] },
        });
        return {
          result,
          expected: {
            status: 201,
            name: 'Question Asked',
            mentions: [question, first.name, first.email, second.name, '2 employees'],
            actor: actor('manager'),
            entity: { type: 'question' },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        return [
          {
            title: 'a blank question (400)',
            status: 400,
            call: () =>
              call('POST', '/api/responses', {
                ...as('manager'),
                body: { question: '  ', employee_ids: [employee.id] },
              }),
          },
          {
            title: 'an employee (403)',
            status: 403,
            call: () =>
              call('POST', '/api/responses', {
                ...as('employee'),
                body: { question: 'Hi?', all: true },
              }),
          },
        ];
      },
    },
    {
      route: 'PUT /api/responses',
      title: 'answering a question',
      async perform(ip) {
        const me = await ctx().newUser('employee');
        const question = `Which tool would you add? ${unique()}`;
        const id = await insertQuestion(ctx().db, me.employeeId!, { question });
        const result = await call('PUT', '/api/responses', {
          token: me.token,
          remoteAddress: ip,
          body: { id, response: 'A second oscilloscope' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Question Answered',
            mentions: [me.email, question],
            actor: { user_id: me.id, email: me.email },
            entity: { type: 'question', id },
            before: true,
            after: true,
          },
        };
      },
      async refusals() {
        const me = await ctx().newUser('employee');
        const answered = await insertQuestion(ctx().db, me.employeeId!, { response: 'Done' });
        const pending = await insertQuestion(ctx().db, me.employeeId!);
        const someoneElses = await insertQuestion(ctx().db, (await person()).id);
        const answer = (body: unknown) => call('PUT', '/api/responses', { token: me.token, body });
        return [
          {
            title: 'a blank answer (400)',
            status: 400,
            call: () => answer({ id: pending, response: '  ' }),
          },
          {
            title: 'a second answer (409)',
            status: 409,
            call: () => answer({ id: answered, response: 'Again' }),
          },
          {
            title: "someone else's question (404)",
            status: 404,
            call: () => answer({ id: someoneElses, response: 'Mine' }),
          },
        ];
      },
    },

    {
      route: 'POST /api/employees/import',
      title: 'importing staff from CSV (the valid rows only)',
      async perform(ip) {
        const tag = unique();
        const csv = [
          'first_name,last_name,email,position,department,join_date',
          `Ida,Rhodes${tag},ida.${tag}@example.com,Analyst,CIT,2024-03-01`,
          `Evelyn,Boyd${tag},evelyn.${tag}@example.com,Analyst,Commerce,2024-03-01`,
          `Bad,Row${tag},not-an-email,Analyst,CIT,2024-03-01`,
        ].join('\r\n');
        const result = await call('POST', '/api/employees/import', {
          ...as('manager', ip),
          body: { csv, mode: 'valid_rows_only' },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Staff Import',
            mentions: [
              '2 rows imported, 1 row refused',
              `Ida Rhodes${tag}`,
              `evelyn.${tag}@example.com`,
            ],
            actor: actor('manager'),
            entity: { type: 'employee', id: null },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const tag = unique();
        const header = 'first_name,last_name,email,position,department,join_date';
        const good = `Ok,Person${tag},ok.${tag}@example.com,Analyst,CIT,2024-03-01`;
        const file = (...rows: string[]) => [header, ...rows].join('\n');
        const post = (body: unknown, role: 'manager' | 'employee' = 'manager') =>
          call('POST', '/api/employees/import', { ...as(role), body });
        return [
          {
            title: 'a refused row, all or nothing (200, nothing stored)',
            status: 200,
            call: () => post({ csv: file(good, 'No,Email,,Analyst,CIT,2024-03-01') }),
          },
          {
            title: 'a dry run (200, nothing stored)',
            status: 200,
            call: () => post({ csv: file(good), dry_run: true }),
          },
          {
            title: 'a header without required columns (400)',
            status: 400,
            call: () => post({ csv: 'first_name,last_name\nA,B' }),
          },
          {
            title: 'an employee (403)',
            status: 403,
            call: () => post({ csv: file(good) }, 'employee'),
          },
        ];
      },
    },
    {
      route: 'POST /api/performance-metrics/import',
      title: 'importing metric values from CSV',
      async perform(ip) {
        const employee = await person('Gladys', `West${unique()}`);
        const metric = `Geodesy ${unique()}`;
        await insertMetricType(ctx().db, { metric_name: metric });
        const csv = [
          'employee_email,metric_name,value,created_at',
          `${employee.email},${metric},81.5,2024-01-15`,
          `${employee.email},${metric},77,`,
        ].join('\n');
        const result = await call('POST', '/api/performance-metrics/import', {
          ...as('admin', ip),
          body: { csv },
        });
        return {
          result,
          expected: {
            status: 200,
            name: 'Performance Metric Import',
            mentions: ['2 values imported, 0 rows refused', employee.name, employee.email],
            actor: actor('admin'),
            entity: { type: 'performance_metric', id: null },
            before: false,
            after: true,
          },
        };
      },
      async refusals() {
        const employee = await person();
        const typeId = await insertMetricType(ctx().db, { maximum_value: 50 });
        const post = (csv: string, extra: Record<string, unknown> = {}) =>
          call('POST', '/api/performance-metrics/import', {
            ...as('manager'),
            body: { csv, ...extra },
          });
        const header = 'employee_id,metric_type_id,value';
        return [
          {
            title: 'a value outside its type, all or nothing (200, nothing stored)',
            status: 200,
            call: () => post(`${header}\n${employee.id},${typeId},40\n${employee.id},${typeId},60`),
          },
          {
            title: 'a dry run (200, nothing stored)',
            status: 200,
            call: () => post(`${header}\n${employee.id},${typeId},40`, { dry_run: true }),
          },
          {
            title: 'a file that is not CSV (400)',
            status: 400,
            call: () => post(`${header}\n"${employee.id},${typeId},40`),
          },
        ];
      },
    },
  ];
}
