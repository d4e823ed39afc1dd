// Audit cases of questions: ask and answer.
import { insertQuestion } from '../question-factories';
import { unique, type WriteKit } from './kit';
import type { WriteCase } from './types';

export function questionWriteCases({ ctx, as, actor, call, person }: WriteKit): WriteCase[] {
  return [
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
  ];
}
