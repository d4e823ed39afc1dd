// Generated malformed requests for one documented route, assembled from the fault modules.
import fc from 'fast-check';
import type { DocumentedOperation } from '../openapi-routes';
import { bodyFaults, writeFaults } from './body-faults';
import { encodeSegment, queryNoise, queryString } from './encoding';
import { oddKey } from './hostile-values';
import { pathFaults, queryFaults } from './path-and-query-faults';
import { tokenFaults } from './token-faults';
import type { Fault, MalformedRequest, ValidRequest } from './types';

export { oddKey } from './hostile-values';
export type { MalformedRequest, ValidRequest } from './types';

/** The server's request body limit, for routes that set none of their own. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Generated malformed requests for one documented route, each starting from a valid request
 * (the permission table's) and breaking it in one way the route must refuse: a malformed id, a
 * malformed query parameter (a number spelled otherwise than in plain digits too), a body field
 * of the wrong type, too long, out of range, outside its enum, missing or holding unstorable
 * text, a body that is not an object, not JSON at all, not UTF-8, poisoned with `__proto__`,
 * over 1 MB or of the wrong content type, or a missing, forged, misclaimed or insufficient token. On top come harmless extras (unknown query parameters and body fields
 * full of odd keys and unicode) that must not turn a refusal into an acceptance.
 *
 * Every request knows the one status it must get. Only routes that take no input at all get
 * requests without a fault (noise only), and those must answer as the valid request does.
 */
export function malformedRequests(
  operation: DocumentedOperation,
  valid: ValidRequest,
): fc.Arbitrary<MalformedRequest> {
  const declared = operation.queryParams.map((p) => p.name);
  const isWrite = operation.method !== 'GET';
  const baseBody = valid.body ?? {};
  const bodyLimit = valid.bodyLimit ?? BODY_LIMIT;

  // In this order: the order of the alternatives shapes what fast-check draws for a seed.
  const faults: fc.Arbitrary<Fault>[] = [
    ...pathFaults(operation, valid),
    ...queryFaults(operation, valid),
    ...bodyFaults(operation, baseBody),
    ...(isWrite ? writeFaults(baseBody, bodyLimit) : []),
  ];
  const authFaults = tokenFaults(valid);

  const inputFault = faults.length ? fc.oneof(...faults) : null;
  // With input to break, now and then also break the token: the guard must answer first.
  const combined: fc.Arbitrary<Fault> = inputFault
    ? authFaults.length
      ? fc.oneof(
          { weight: 6, arbitrary: inputFault },
          {
            weight: 1,
            arbitrary: fc.tuple(inputFault, fc.oneof(...authFaults)).map(([input, auth]) => {
              const routerLevel = input.rawPathId !== undefined || input.expected === 414;
              return {
                ...input,
                token: auth.token,
                fault: `${input.fault} + ${auth.fault}`,
                expected: routerLevel ? input.expected : auth.expected,
              };
            }),
          },
        )
      : inputFault
    : authFaults.length
      ? fc.oneof(
          { weight: 1, arbitrary: fc.oneof(...authFaults) },
          {
            weight: 1,
            arbitrary: fc.constant({ fault: 'none (noise only)', expected: valid.status }),
          },
        )
      : fc.constant({ fault: 'none (noise only)', expected: valid.status });

  return fc
    .tuple(
      combined,
      fc.constantFrom(valid.token, ...valid.otherAllowedTokens),
      queryNoise(declared),
      fc.dictionary(
        oddKey.filter((key) => !(key in (operation.body?.properties ?? {}))),
        fc.jsonValue({ maxDepth: 3 }),
        { maxKeys: 3 },
      ),
    )
    .map(([fault, allowedToken, noise, extraFields]): MalformedRequest => {
      const rawId =
        fault.rawPathId ??
        (fault.pathId !== undefined
          ? encodeSegment(fault.pathId)
          : valid.pathId !== null
            ? encodeSegment(valid.pathId)
            : null);
      const path = rawId === null ? operation.path : operation.path.replace('{id}', rawId);
      const url = `${path}${queryString([...(fault.query ?? valid.query), ...noise])}`;

      const headers: Record<string, string> = {};
      const token =
        fault.token !== undefined ? fault.token : allowedToken && `Bearer ${allowedToken}`;
      if (token) headers.authorization = token;

      let payload: string | Buffer | undefined;
      if (fault.body?.bytes) {
        payload = fault.body.bytes;
        headers['content-type'] = fault.body.contentType;
      } else if (fault.body) {
        payload = fault.body.text;
        headers['content-type'] = fault.body.contentType;
        // Unknown fields next to a broken one: they must neither mend nor break anything else.
        if (
          fault.body.contentType === 'application/json' &&
          payload.startsWith('{"') &&
          payload.endsWith('}') &&
          Object.keys(extraFields).length > 0
        ) {
          payload = `${JSON.stringify(extraFields).slice(0, -1)},${payload.slice(1)}`;
        }
      } else if (valid.body !== undefined) {
        payload = JSON.stringify({ ...extraFields, ...valid.body });
        headers['content-type'] = 'application/json';
      }
      return {
        fault: fault.fault,
        method: operation.method,
        url,
        headers,
        payload,
        expected: fault.expected,
      };
    });
}
