// Faults in the body: a broken or missing field, a body of the wrong shape, text or size.
import fc from 'fast-check';
import type { DocumentedOperation } from '../openapi-routes';
import { INVALID_UTF8, jsonText, jsonWithInvalidUtf8 } from './encoding';
import { fieldFaults } from './field-faults';
import type { Fault } from './types';

/** For a route with a body schema: one field broken or missing, or a body that is no object. */
export function bodyFaults(
  operation: DocumentedOperation,
  baseBody: Record<string, unknown>,
): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  if (operation.body) {
    const properties = Object.entries(operation.body.properties ?? {});
    const perField = properties.flatMap(([name, schema]) => fieldFaults(name, schema));
    const json = (body: unknown, deep = 0) => ({
      text: jsonText(body, deep),
      contentType: 'application/json',
    });
    if (perField.length) {
      faults.push(
        fc
          .tuple(fc.oneof(...perField), fc.integer({ min: 20, max: 5000 }))
          .map(([[label, value], deep]) => {
            const field = label.split(':')[0]!;
            return {
              fault: `body ${label}`,
              body: json({ ...baseBody, [field]: value }, deep),
              expected: 400,
            };
          }),
      );
    }
    const required = operation.body.required ?? [];
    if (required.length) {
      faults.push(
        fc.constantFrom(...required).map((field) => {
          const { [field]: _dropped, ...rest } = baseBody;
          return { fault: `body without ${field}`, body: json(rest), expected: 400 };
        }),
      );
    }
    faults.push(
      fc
        .oneof(
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.boolean(),
          fc.constant(null),
        )
        .map((value) => ({
          fault: `body ${JSON.stringify(value)?.slice(0, 40)}`,
          body: json(value),
          expected: 400,
        })),
      fc.constant({
        fault: 'body as text/plain',
        body: { text: JSON.stringify(baseBody), contentType: 'text/plain' },
        expected: 400,
      }),
      fc.integer({ min: 1000, max: 100_000 }).map((deep) => ({
        fault: `body nested ${deep} deep`,
        body: { text: `${'['.repeat(deep)}${']'.repeat(deep)}`, contentType: 'application/json' },
        expected: 400,
      })),
    );
  }
  return faults;
}

/**
 * For a write route: cut, poisoned, unparsable or not UTF-8 JSON, a wrong content type, over the
 * limit.
 */
export function writeFaults(
  baseBody: Record<string, unknown>,
  bodyLimit: number,
): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  const valid = JSON.stringify(baseBody);
  const inner = valid === '{}' ? '' : `,${valid.slice(1, -1)}`;
  faults.push(
    fc.integer({ min: 0, max: Math.max(0, valid.length - 1) }).map((cut) => ({
      fault: `body cut at ${cut}`,
      body: { text: valid.slice(0, cut), contentType: 'application/json' },
      expected: 400,
    })),
    fc
      .constantFrom(
        `{"__proto__":{"user_type":"admin","isAdmin":true}${inner}}`,
        `{"nested":{"__proto__":{"polluted":1}}${inner}}`,
        `{"constructor":{"prototype":{"isAdmin":true}}${inner}}`,
        `{${valid.slice(1, -1)}${inner ? ',' : ''}"trailing":1,}`,
        `{'single':'quotes'}`,
        `${valid}garbage`,
        `\u{FEFF}${valid}{`,
      )
      .map((text) => ({
        fault: `body text ${text.slice(0, 60)}`,
        body: { text, contentType: 'application/json' },
        expected: 400,
      })),
    fc.constantFrom(...INVALID_UTF8).map((bytes) => ({
      fault: `body with bytes ${bytes.map((b) => b.toString(16)).join(' ')} (not UTF-8)`,
      body: {
        text: '',
        bytes: jsonWithInvalidUtf8(baseBody, bytes),
        contentType: 'application/json',
      },
      expected: 400,
    })),
    fc.constantFrom('application/xml', 'application/x-www-form-urlencoded').map((type) => ({
      fault: `body as ${type}`,
      body: { text: 'a=1', contentType: type },
      expected: 415,
    })),
    fc.constant({
      fault: 'body over the limit',
      body: {
        text: `{"padding":"${'x'.repeat(bodyLimit + 16)}"}`,
        contentType: 'application/json',
      },
      expected: 413,
    }),
  );
  return faults;
}
