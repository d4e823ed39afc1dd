// Faults in the address: malformed path ids and malformed values of declared query parameters.
import fc from 'fast-check';
import type { DocumentedOperation } from '../openapi-routes';
import { core, typesOf } from './field-faults';
import { BAD_IDS, BROKEN_ESCAPES, oddText } from './hostile-values';
import type { Fault, ValidRequest } from './types';

/**
 * Other spellings of a valid decimal number, each of which a plain number coercion took: leading
 * zeros, a sign, spaces, a fraction, an exponent, hex.
 */
export function respellings(decimal: string): string[] {
  const value = Number(decimal);
  return [
    `0${decimal}`,
    `000${decimal}`,
    `+${decimal}`,
    ` ${decimal}`,
    `${decimal} `,
    `${decimal}.0`,
    `${decimal}e0`,
    `0x${value.toString(16)}`,
  ];
}

/** Path ids that are no id: bad numbers, hostile text, too long, broken escapes. */
export function pathFaults(
  operation: DocumentedOperation,
  valid: ValidRequest,
): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  if (operation.pathParams.length > 0) {
    // The valid request's own id, spelled otherwise: it names a record that exists.
    const respelled =
      valid.pathId !== null && /^\d+$/.test(valid.pathId) ? respellings(valid.pathId) : [];
    faults.push(
      fc
        .oneof(
          fc.constantFrom(...BAD_IDS, ...respelled),
          fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
            .filter((text) => !/^[1-9]\d*$/.test(text) || Number(text) > 2_147_483_647),
          fc.constant('9'.repeat(201)),
        )
        .map((id) => ({
          fault: `path id ${JSON.stringify(id)}`,
          pathId: id,
          expected: id.length > 200 ? 414 : 400,
        })),
      fc.constantFrom(...BROKEN_ESCAPES).map((raw) => ({
        fault: `path id with broken escape ${raw}`,
        rawPathId: raw,
        expected: 400,
      })),
    );
  }
  return faults;
}

/** A malformed value for each declared query parameter, the other parameters kept. */
export function queryFaults(
  operation: DocumentedOperation,
  valid: ValidRequest,
): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  for (const param of operation.queryParams) {
    const shape = core(param.schema);
    const values: fc.Arbitrary<string | string[]>[] = [
      fc.constant('a\u0000b'),
      fc.tuple(fc.constant('1'), fc.constant('2')).map((pair) => [...pair]),
    ];
    const types = typesOf(param.schema);
    if (types.has('number')) {
      const bad = ['-1', '0', '1.5', 'abc', '1 OR 1=1', '9'.repeat(25), '[]'];
      if (shape.maximum !== undefined) bad.push(String(shape.maximum + 1));
      // A whole number the route takes (the valid request's, or the least), spelled otherwise.
      const taken = valid.query.find(([k]) => k === param.name)?.[1];
      const within = taken ?? String(Math.max(1, shape.minimum ?? 1));
      if (shape.type === 'integer' && /^\d+$/.test(within)) bad.push(...respellings(within));
      values.push(fc.constantFrom(...bad));
    }
    if (shape.enum) {
      const allowed = shape.enum;
      values.push(oddText.filter((t) => t.trim() !== '' && !allowed.includes(t)));
    }
    if (shape.maxLength !== undefined) {
      values.push(fc.constant('ü'.repeat(shape.maxLength + 1)));
    }
    faults.push(
      fc.oneof(...values).map((value) => {
        const rest = valid.query.filter(([k]) => k !== param.name);
        const added: [string, string][] = Array.isArray(value)
          ? value.map((v): [string, string] => [param.name, v])
          : [[param.name, value]];
        return {
          fault: `query ${param.name}=${JSON.stringify(value)}`,
          query: [...rest, ...added],
          expected: 400,
        };
      }),
    );
  }
  return faults;
}
