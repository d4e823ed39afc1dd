import fc from 'fast-check';
import type { DocumentedOperation, JsonSchema } from './openapi-routes';

/**
 * Generated malformed requests for one documented route, each starting from a valid request
 * (the permission table's) and breaking it in one way the route must refuse: a malformed id, a
 * malformed query parameter, a body field of the wrong type, too long, out of range, outside
 * its enum, missing or holding unstorable text, a body that is not an object, not JSON at all,
 * poisoned with `__proto__`, over 1 MB or of the wrong content type, or a missing, forged or
 * insufficient token. On top come harmless extras (unknown query parameters and body fields
 * full of odd keys and unicode) that must not turn a refusal into an acceptance.
 *
 * Every request knows the one status it must get. Only routes that take no input at all get
 * requests without a fault (noise only), and those must answer as the valid request does.
 */

export interface ValidRequest {
  method: DocumentedOperation['method'];
  /** The id in the path, when the route has one. */
  pathId: string | null;
  query: [string, string][];
  body: Record<string, unknown> | undefined;
  token: string | null;
  /** Tokens of the other roles the route allows, used as often as `token`. */
  otherAllowedTokens: string[];
  /** A token of a role the route refuses (403), when there is one. */
  refusedToken: string | null;
  /** What the valid request answers (2xx). */
  status: number;
  /** The route's request body limit (the server's 1 MB unless the route sets its own). */
  bodyLimit?: number;
}

export interface MalformedRequest {
  /** What was broken, for the failure message. */
  fault: string;
  method: ValidRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  expected: number;
}

const BODY_LIMIT = 1024 * 1024;
/** Stands for a deeply nested value in a body, spliced into the JSON text after stringify. */
const DEEP = '\u0001deep\u0001';

// Texts attackers and careless clients send. None is a valid id, number, enum value or email.
const HOSTILE_TEXT = [
  'abc',
  'true',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  "1' OR '1'='1",
  '1; DROP TABLE employees;--',
  '1 UNION SELECT password_hash FROM users',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%s%n',
  'ｆｕｌｌｗｉｄｔｈ',
  '١٢٣',
  '🙂',
  'Ω≈ç√∫',
  '\u202Eevil',
  '\t\n',
];

const BAD_IDS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '2.0',
  '1e3',
  '0x1f',
  '0b1',
  '0o7',
  '+1',
  ' 1',
  '1 ',
  '2147483648',
  '99999999999999999999999',
  '[]',
  '{}',
  '\u0000',
  '1\u00001',
  ...HOSTILE_TEXT,
];

/** Raw path segments the router itself refuses (broken percent-encoding). */
const BROKEN_ESCAPES = ['%', '%E0%A4%A', '%zz', '%ED%A0%80%', 'a%'];

export const oddKey = fc.oneof(
  fc.constantFrom(
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'isAdmin',
    'user_type',
    'role',
    'id',
    'password_hash',
    "'; DROP TABLE users;--",
    'a[b]',
    'a.b',
    '$where',
    '$gt',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

const oddText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

function typesOf(schema: JsonSchema): Set<string> {
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
function core(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
}

/** JSON values of a type the schema does not accept. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | null {
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
function fieldFaults(name: string, schema: JsonSchema): fc.Arbitrary<[string, unknown]>[] {
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

/** Path ids for the URL: encoded so that only the router's own decoding sees the text. */
function encodeSegment(text: string): string {
  return encodeURIComponent(text).replaceAll('.', '%2E');
}

function queryString(pairs: [string, string][]): string {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

/** Unknown query parameters: ignored by every route, whatever they hold. */
function queryNoise(declared: string[]): fc.Arbitrary<[string, string][]> {
  const key = fc.oneof(
    oddKey,
    fc.constantFrom('__proto__', '__proto__[isAdmin]', 'constructor[prototype][isAdmin]'),
  );
  return fc.array(
    fc.tuple(
      key.filter((k) => !declared.includes(k)),
      oddText.filter((text) => !text.includes('\u0000')),
    ),
    { maxLength: 3 },
  );
}

function jsonText(body: unknown, deep: number): string {
  const text = JSON.stringify(body);
  const nested = `${'['.repeat(deep)}1${']'.repeat(deep)}`;
  return text.replace(JSON.stringify(DEEP), nested);
}

interface Fault {
  fault: string;
  pathId?: string;
  /** The raw path segment, already encoded or deliberately broken. */
  rawPathId?: string;
  query?: [string, string][];
  body?: { text: string; contentType: string };
  token?: string | null;
  expected: number;
}

export function malformedRequests(
  operation: DocumentedOperation,
  valid: ValidRequest,
): fc.Arbitrary<MalformedRequest> {
  const faults: fc.Arbitrary<Fault>[] = [];
  const declared = operation.queryParams.map((p) => p.name);
  const isWrite = operation.method !== 'GET';
  const baseBody = valid.body ?? {};

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

  const bodyLimit = valid.bodyLimit ?? BODY_LIMIT;
  if (isWrite) {
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
  }

  const authFaults: fc.Arbitrary<Fault>[] = [];
  if (valid.token !== null) {
    authFaults.push(
      fc
        .constantFrom(
          null,
          'Bearer',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${valid.token}x`,
          `Bearer ${'A'.repeat(5000)}`,
        )
        .map((header) => ({
          fault: `authorization ${header?.slice(0, 40)}`,
          token: header,
          expected: 401,
        })),
    );
    if (valid.refusedToken) {
      authFaults.push(
        fc.constant({
          fault: 'a role the route refuses',
          token: `Bearer ${valid.refusedToken}`,
          expected: 403,
        }),
      );
    }
  }

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

      let payload: string | undefined;
      if (fault.body) {
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
