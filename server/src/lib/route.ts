import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CSV_MEDIA_TYPE } from '#contract/csv-export';
import { errorEnvelopeSchema, successEnvelope } from '#contract/envelope';

/** The error statuses any route may answer, documented once. */
const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
};

/** The response map of a route whose success answer carries `data`. */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: successEnvelope(data), ...errorResponses };
}

/** The same with 201 Created as the success status. */
export function createdReplies<T extends z.ZodType>(data: T) {
  return { 201: successEnvelope(data), ...errorResponses };
}

/**
 * The response map of a CSV download: the file itself (declared as text, so the OpenAPI document
 * tells the truth and Fastify's serialiser leaves the stream alone), or an error envelope.
 */
export function csvReplies(description: string) {
  return {
    200: {
      description,
      content: {
        [CSV_MEDIA_TYPE]: { schema: z.string().describe('RFC 4180 CSV, UTF-8 with BOM') },
      },
    },
    ...errorResponses,
  };
}

export function ok<T>(message: string, data: T) {
  return { success: true as const, message, data };
}

/** Who did it and from where: what every audit entry records. */
export interface Actor {
  userId: number | null;
  email: string | null;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { userId: request.user?.id ?? null, email: request.user?.email ?? null, ip: request.ip };
}
