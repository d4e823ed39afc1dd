// Ways to break one body field, read from its JSON schema (wrong type, too long, out of range...).
import fc from 'fast-check';
import type { JsonSchema } from '../openapi-routes';
import { DEEP, HOSTILE_TEXT, oddKey, oddText } from './hostile-values';

export function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (s: JsonSchema) => {
    const type = s.type;
    if (Array.isArray(type)) type.forEach((t) => types.add(t));
    else if (type) types.add(type);
    s.anyOf?.forEach(add);
  };
  add(schema);
  if (types.has('integer')) types.add('number');
  return types;
}

/** The first alternative of a schema that is not `null` (the field's real shape). */
export function core(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
}

/** JSON values of a type the schema does not accept. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) options.push(fc.constantFrom(...HOSTILE_TEXT));
  if (!types.has('number')) {
    options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  }
  if (!types.has('boolean')) options.push(fc.boolean());
  if (!types.has('null')) options.push(fc.constant(null));
  if (!types.has('array')) options.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }));
  if (!types.has('object')) {
    options.push(fc.dictionary(oddKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }));
  }
  const items = core(schema).items;
  if (items) {
    const inner = wrongType(items);
    if (inner) options.push(fc.array(inner, { minLength: 1, maxLength: 3 }));
  }
  return options.length ? fc.oneof(...options) : null;
}

/** Ways to make one field of a body invalid, from its JSON schema. */
export function fieldFaults(name: string, schema: JsonSchema): fc.Arbitrary<[string, unknown]>[] {
  const shape = core(schema);
  const types = typesOf(schema);
  const faults: fc.Arbitrary<[string, unknown]>[] = [];
  const tag = (label: string, value: fc.Arbitrary<unknown>) =>
    value.map((v): [string, unknown] => [`${name}: ${label}`, v]);

  const wrong = wrongType(schema);
  if (wrong) faults.push(tag('wrong type', wrong));
  faults.push(tag('deeply nested', fc.constant(DEEP)));
  if (types.has('string') && !types.has('number')) {
    // Not refused for being odd text but for what no database here stores.
    faults.push(
      tag(
        'unstorable text',
        fc
          .tuple(
            fc.string({ maxLength: 4 }),
            fc.constantFrom('\u0000', '\uD800', '\uDFFF'),
            fc.string({ maxLength: 4 }),
          )
          .map((parts) => parts.join('')),
      ),
    );
  }
  if (shape.maxLength !== undefined) {
    const max = shape.maxLength;
    faults.push(
      tag(
        'too long',
        fc
          .tuple(fc.integer({ min: 1, max: 64 }), fc.string({ unit: 'grapheme', maxLength: 8 }))
          .map(([extra, tail]) => `${'é'.repeat(max + extra)}${tail}`),
      ),
    );
  }
  if (shape.maxItems !== undefined) {
    const max = shape.maxItems;
    faults.push(
      tag(
        'too many items',
        fc.constant(Array.from({ length: max + 1 }, (_, i) => (shape.items ? `${i + 1}` : i + 1))),
      ),
    );
  }
  if (shape.enum) {
    const allowed = shape.enum;
    faults.push(
      tag(
        'outside its enum',
        oddText.filter((text) => !allowed.includes(text)),
      ),
    );
  }
  if (shape.pattern || shape.format === 'email') {
    faults.push(
      tag(
        'not in its format',
        fc.constantFrom('not-an-email', 'a@b', '@example.com', '2024-13-45', '31/12/2024', ' '),
      ),
    );
  }
  if (types.has('number')) {
    const out: number[] = [1e308, -1e308];
    if (shape.minimum !== undefined) out.push(shape.minimum - 1, shape.minimum - 0.5);
    if (shape.exclusiveMinimum !== undefined) out.push(shape.exclusiveMinimum, -1);
    if (shape.maximum !== undefined) out.push(shape.maximum + 1, shape.maximum + 0.01);
    if (shape.type === 'integer') out.push(1.5);
    if (shape.minimum !== undefined || shape.maximum !== undefined || shape.type === 'integer') {
      faults.push(tag('out of range', fc.constantFrom(...out)));
    }
  }
  return faults;
}
