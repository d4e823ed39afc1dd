import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '#contract/envelope';
import { fieldLabel, messageNamesField } from '#contract/field-labels';
import { isDatabaseUnavailable } from '../db/constraint-errors';
import { AppError } from '../lib/errors';

/** The answer to a statement the database could not run now (constraint-errors.ts). */
export const DATABASE_BUSY_MESSAGE = 'The database is busy. Please try again in a moment.';
/** Seconds a client is asked to wait before it tries again after DATABASE_BUSY_MESSAGE. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

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

/**
 * A schema validation's answer: each issue under its field's own name (the API's contract), and
 * the first one as the message, led by the field's label when the message does not name it.
 */
function validationEnvelope(
  issues: { instancePath: string; message?: string }[],
  context: string | undefined,
): ErrorEnvelope {
  const errors: FieldError[] = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = field || context || 'body';
    const message = field
      ? (issue.message ?? `${fieldLabel(field)} is invalid`)
      : `The request ${where} must be a JSON object`;
    return { field: where, message };
  });
  const first = errors[0]!;
  return {
    success: false,
    message: messageNamesField(first.field, first.message)
      ? first.message
      : `${fieldLabel(first.field)}: ${first.message}`,
    errors,
  };
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

/** Node's `clientError`: a parser error (`HPE_...`) carries the bytes it failed on. */
type ParserError = Error & { code?: string; rawPacket?: unknown };

/** What Node's HTTP parser refused, answered before any request object exists. */
function clientErrorAnswer(error: ParserError) {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line in its header limit. When the packet that overflowed starts a
    // request and holds no line break, the request line itself (the address) was too long. A
    // packet from further in (TLS hands them over 16 KB at a time) may be either, so the 431
    // says both.
    const raw = error.rawPacket;
    const packet = Buffer.isBuffer(raw) ? raw.toString('latin1', 0, 16 * 1024) : '';
    if (/^[A-Z]+ /.test(packet) && !packet.includes('\n')) {
      return { status: 414, message: 'The address is too long' };
    }
    return { status: 431, message: 'The request address or headers are too large' };
  }
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers or address past
 * its limit, a malformed request line or header, a body sent too slowly) reaches neither the
 * router nor the error handler, and Fastify would answer in its own JSON. There is no reply
 * object yet, so the envelope is written to the socket as Node's own answer would be, and the
 * connection closed: what follows the broken bytes cannot be read as requests.
 */
export function answerClientError(error: ParserError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this connection (a broken body after its headers were read)
  // cannot be answered again.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const { status, message } = clientErrorAnswer(error);
    const body = JSON.stringify({ success: false, message } satisfies ErrorEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return send(reply, 503, { success: false, message: DATABASE_BUSY_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { success: false, message: 'Internal server error' });
  });

  // Node answers an HTTP/1.1 request without a Host header itself, with an empty body, unless
  // told not to (app.ts): it is refused here instead, in the envelope.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      void send(reply, 400, { success: false, message: 'The request has no Host header' });
      return;
    }
    done();
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} not found`,
    }),
  );
}

export default fp(errorsPlugin, { name: 'errors' });
