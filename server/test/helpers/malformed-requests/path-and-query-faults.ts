// Faults in the address: malformed path ids and malformed values of declared query parameters.
import fc from 'fast-check';
import type { DocumentedOperation } from '../openapi-routes';
import { core, typesOf } from './field-faults';
import { BAD_IDS, BROKEN_ESCAPES, oddText } from './hostile-values';
import type { Fault, ValidRequest } from './types';

/** Path ids that are no id: bad numbers, hostile text, too long, broken escapes. */
export function pathFaults(operation: DocumentedOperation): fc.Arbitrary<Fault>[] {
  const faults: fc.Arbitrary<Fault>[] = [];
  if (operation.pathParams.length > 0) {
    faults.push(
      fc
        .oneof(
          fc.constantFrom(...BAD_IDS),
          fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
            .filter((text) => !/^\d+$/.test(text) || Number(text) > 2_147_483_647),
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
