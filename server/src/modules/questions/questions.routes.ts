import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QUESTION_MESSAGES as MESSAGES,
  answerQuestionBodySchema,
  answerResultSchema,
  askQuestionBodySchema,
  askQuestionResultSchema,
  hrResponseListSchema,
  hrResponsesQuerySchema,
  ownResponseListSchema,
  ownResponsesQuerySchema,
} from '#contract/questions';
import { signedInUser } from '../../plugins/auth';
import { actorOf, createdReplies, ok, replies } from '../../lib/route';
import { createQuestionsService } from './questions.service';

/**
 * Questions and answers (SPEC.md `/responses`, PRODUCT.md section 2). Whose questions an
 * employee reads or answers comes from the session (`request.user.employeeId`) alone.
 */
export async function questionsRoutes(app: FastifyInstance) {
  const questions = createQuestionsService(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['questions'];

  api.post(
    '/api/responses',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary:
          'Ask a question of chosen employees (employee_ids) or of every active one (all: true)',
        body: askQuestionBodySchema,
        response: createdReplies(askQuestionResultSchema),
      },
    },
    async (request, reply) => {
      const asked = await questions.ask(request.body, actorOf(request));
      return reply.code(201).send(ok(MESSAGES.asked, asked));
    },
  );

  api.get(
    '/api/responses/all',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your own questions, pending and answered, newest first',
        querystring: ownResponsesQuerySchema,
        response: replies(ownResponseListSchema),
      },
    },
    async (request) =>
      ok(
        'Your questions',
        await questions.listOwn(signedInUser(request).employeeId, request.query),
      ),
  );

  api.put(
    '/api/responses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Answer one of your own pending questions (once)',
        body: answerQuestionBodySchema,
        response: replies(answerResultSchema),
      },
    },
    async (request) =>
      ok(MESSAGES.answered, {
        response: await questions.answer(
          signedInUser(request).employeeId,
          request.body,
          actorOf(request),
        ),
      }),
  );

  api.get(
    '/api/responses/admin/all',
    {
      config: { access: 'hr' },
      schema: {
        tags,
        summary:
          'Questions with their respondents: answered ones unless status says otherwise; search over question, name and email',
        querystring: hrResponsesQuerySchema,
        response: replies(hrResponseListSchema),
      },
    },
    async (request) =>
      ok('Responses', await questions.listForHr(request.query, request.dataVersion)),
  );
}
