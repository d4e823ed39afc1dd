import { randomUUID } from 'node:crypto';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { isUnchanging } from './unchanging';

type Answer = { success: true; message: unknown; data: Record<string, unknown> };

/** The answer when it is a success with `data` as an object. */
function successWithData(answer: unknown): Answer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { success, data } = answer as Record<string, unknown>;
  return success === true && typeof data === 'object' && data !== null ? (answer as Answer) : null;
}

/** The properties of an object schema; null for any other schema. */
function shapeOf(schema: $ZodType): Record<string, $ZodType> | null {
  const def = schema._zod.def as { type: string; shape?: Record<string, $ZodType> };
  return def.type === 'object' && def.shape ? def.shape : null;
}

/** The lists of the success answer's `data` (`audit_trails`, say), each with its item schema. */
function listsOf(schema: $ZodType): [string, $ZodType][] {
  const data = shapeOf(schema)?.data;
  const shape = data ? shapeOf(data) : null;
  return Object.entries(shape ?? {}).flatMap(([key, value]) => {
    const def = value._zod.def as { type: string; element?: $ZodType };
    return def.type === 'array' && def.element ? [[key, def.element] as [string, $ZodType]] : [];
  });
}

/**
 * Response serialisation: the route's response schema checks the answer and strips every key it
 * does not declare (so a password hash cannot leak, even by mistake), then JSON.stringify.
 *
 * fastify-type-provider-zod's own compiler runs `safeEncode`, which walks the schema looking for
 * codecs to run backwards; our response schemas have none (encoding would refuse their
 * transforms), and `safeParse` gives the same answer through zod's compiled fast path, a
 * fraction of the cost. An answer that does not match its schema is still a 500
 * (ResponseSerializationError), as before.
 *
 * An answer whose data is marked `unchanging` (lib/unchanging.ts) is checked and serialised the
 * first time; while the route answers the same data object with the same message, those bytes
 * are the answer (for the top 10 ranking, zod and JSON.stringify were a large share of a
 * request). Likewise a list of `data` whose items are all unchanging, each remembered by a
 * list (lib/remembered-items.ts): each item is checked against the list's item schema and
 * serialised the first time the route answers it, and the rest of the answer is checked around
 * an empty list, whose place then takes the items' bytes.
 *
 * These answers are UTF-8 bytes, not text: a page of items built as a string was measured again
 * on every send, by Fastify for its Content-Length and by the socket as it encoded it, which with
 * joining the items was a large share of a remembered SQLite page's CPU. Bytes kept per item are
 * copied once into the answer, whose length is known.
 */
export const responseSerializerCompiler = ({
  schema,
  method,
  url,
}: Parameters<FastifySerializerCompiler<unknown>>[0]): ((answer: unknown) => string | Buffer) => {
  if (!(schema instanceof $ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  const serialised = new WeakMap<object, { message: unknown; bytes: Buffer }>();
  const lists = listsOf(schema);
  const itemBytes = new WeakMap<object, Buffer>();
  // Stands for the list in the rest of the answer; no stored text holds it (nor, NUL refused,
  // can one be sent holding it).
  const placeholder = `\u0000${randomUUID()}`;
  const listPlace = JSON.stringify(placeholder);

  const check = (against: $ZodType, value: unknown) => {
    const result = safeParse(against, value);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return result.data as Record<string, unknown>;
  };
  const bytesOf = (itemSchema: $ZodType, item: object) => {
    let bytes = itemBytes.get(item);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(check(itemSchema, item)));
      itemBytes.set(item, bytes);
    }
    return bytes;
  };
  // A page remembered whole (an unchanging array): the last answer written around its items,
  // which the next answer with the same rest (message, pagination) is: no buffer to allocate
  // and fill. Its list's bytes are not kept apart: the
  // items' are, and the answer is remade from them when the rest changes.
  const pages = new WeakMap<object, { rest: string; answer: Buffer }>();
  const pageAnswer = (itemSchema: $ZodType, items: readonly object[], rest: string) => {
    const known = pages.get(items);
    if (known?.rest === rest) return known.answer;
    const answer = around(rest, jsonArray(items.map((item) => bytesOf(itemSchema, item))));
    pages.set(items, { rest, answer });
    return answer;
  };
  const rememberedList = (data: Record<string, unknown>) =>
    lists.find(([key]) => {
      const items = data[key];
      return (
        Array.isArray(items) &&
        items.length > 0 &&
        (isUnchanging(items) ||
          items.every((item) => typeof item === 'object' && item !== null && isUnchanging(item)))
      );
    });

  return (answer) => {
    const success = successWithData(answer);
    if (success && isUnchanging(success.data)) {
      const known = serialised.get(success.data);
      if (known && known.message === success.message) return known.bytes;
      const bytes = Buffer.from(JSON.stringify(check(schema, answer)));
      serialised.set(success.data, { message: success.message, bytes });
      return bytes;
    }
    const list = success && rememberedList(success.data);
    if (!list) return JSON.stringify(check(schema, answer));
    const [key, itemSchema] = list;
    const items = success.data[key] as object[];
    const rest = check(schema, { ...success, data: { ...success.data, [key]: [] } });
    (rest.data as Record<string, unknown>)[key] = placeholder;
    const text = JSON.stringify(rest);
    if (!isUnchanging(items)) {
      return around(text, jsonArray(items.map((item) => bytesOf(itemSchema, item))));
    }
    return pageAnswer(itemSchema, items, text);
  };

  /** The rest of the answer's text with `list`'s bytes in the list's place. */
  function around(text: string, list: Buffer): Buffer {
    const at = text.indexOf(listPlace);
    const [before, after] = [text.slice(0, at), text.slice(at + listPlace.length)];
    const out = Buffer.allocUnsafe(
      Buffer.byteLength(before) + list.length + Buffer.byteLength(after),
    );
    const listAt = out.write(before);
    out.set(list, listAt);
    out.write(after, listAt + list.length);
    return out;
  }
};

const [OPEN, COMMA, CLOSE] = [...'[,]'].map((char) => char.charCodeAt(0));

/** The JSON array of `items`, each one JSON value's UTF-8 bytes. */
function jsonArray(items: readonly Buffer[]): Buffer {
  let length = 2 + Math.max(0, items.length - 1);
  for (const item of items) length += item.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  out[at++] = OPEN!;
  items.forEach((item, i) => {
    if (i > 0) out[at++] = COMMA!;
    out.set(item, at);
    at += item.length;
  });
  out[at] = CLOSE!;
  return out;
}
