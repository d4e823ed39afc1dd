import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Response serialisation: the route's response schema checks the answer and strips every key it
 * does not declare (so a password hash cannot leak, even by mistake), then JSON.stringify.
 *
 * fastify-type-provider-zod's own compiler runs `safeEncode`, which walks the schema looking for
 * codecs to run backwards; our response schemas have none (encoding would refuse their
 * transforms), and `safeParse` gives the same answer through zod's compiled fast path: a page of
 * 50 metric values 9 µs against 40 µs. An answer that does not match its schema is still a 500
 * (ResponseSerializationError), as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
}) => {
  if (!(schema instanceof $ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
