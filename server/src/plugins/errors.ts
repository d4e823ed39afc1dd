import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '#contract/envelope';
import { AppError } from '../lib/errors';

const GENERIC_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'You do not have permission to do this',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  409: 'Conflict',
  415: 'Unsupported content type: send application/json',
  429: 'Too many requests',
};

function send(reply: FastifyReply, status: number, envelope: ErrorEnvelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

/** The first issue of a schema validation, phrased so that it names the field. */
function validationEnvelope(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): ErrorEnvelope {
  const errors: FieldError[] = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = field || context || 'body';
    const message = field
      ? (issue.message ?? `${field} is invalid`)
      : `The request ${where} must be a JSON object`;
    return { field: where, message };
  });
  const first = errors[0]!;
  return {
    success: false,
    message: mentionsField(first) ? first.message : `${first.field}: ${first.message}`,
    errors,
  };
}

/** Messages written in the contract already name their field ("New password must be ..."). */
function mentionsField({ field, message }: FieldError): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return squash(message).includes(squash(field.split('.').pop()!));
}

/**
 * Errors Fastify's router raises before any route or hook runs, so the error handler above never
 * sees them: an address with broken percent-encoding (`/api/employees/%E0%A4%A`) and a path
 * parameter longer than the router allows. Passed as `frameworkErrors` when the app is built, so
 * they too answer in the envelope instead of Fastify's own JSON.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.header('Cache-Control', 'no-store');
  return send(reply, tooLong ? 414 : 400, {
    success: false,
    message: tooLong ? 'The address is too long' : 'The address is not valid',
  });
}

/**
 * One error handler for the whole API: the envelope of PRODUCT.md section 2, the right status,
 * and never a stack trace, SQL or internal message in a 5xx.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return send(reply, error.statusCode, {
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, validationEnvelope(error.validation, error.validationContext));
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return send(reply, 400, { success: false, message: 'The request body is not valid JSON' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, {
        success: false,
        message: 'The request body must be a JSON object',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // The route's own limit (the server's 1 MB unless it sets more, as the CSV imports do).
      const megabytes = Math.round(request.routeOptions.bodyLimit / 1024 / 1024);
      return send(reply, 413, {
        success: false,
        message: `Request body is too large (the limit is ${megabytes} MB)`,
      });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return send(reply, status, {
        success: false,
        message: GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[400]!,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { success: false, message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} not found`,
    }),
  );
}

export default fp(errorsPlugin, { name: 'errors' });
