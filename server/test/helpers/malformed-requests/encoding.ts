// How a malformed request is written out: path segments, query strings, noise and JSON text.
import fc from 'fast-check';
import { DEEP, oddKey, oddText } from './hostile-values';

/** Path ids for the URL: encoded so that only the router's own decoding sees the text. */
export function encodeSegment(text: string): string {
  return encodeURIComponent(text).replaceAll('.', '%2E');
}

export function queryString(pairs: [string, string][]): string {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

/** Unknown query parameters: ignored by every route, whatever they hold. */
export function queryNoise(declared: string[]): fc.Arbitrary<[string, string][]> {
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

export function jsonText(body: unknown, deep: number): string {
  const text = JSON.stringify(body);
  const nested = `${'['.repeat(deep)}1${']'.repeat(deep)}`;
  return text.replace(JSON.stringify(DEEP), nested);
}

/**
 * Byte sequences that are no UTF-8: a lone continuation byte, an overlong "/", a cut-off
 * three-byte sequence, an encoded surrogate half, bytes UTF-8 never uses, Latin-1 "é".
 */
export const INVALID_UTF8 = [
  [0x80],
  [0xc0, 0xaf],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xff, 0xfe],
  [0xe9],
] as const;

/**
 * `body` as JSON bytes with one of INVALID_UTF8 inside a string: in the value of its first text
 * field, or of an extra field when it has none. Decoded leniently, it becomes U+FFFD and parses.
 */
export function jsonWithInvalidUtf8(
  body: Record<string, unknown>,
  bytes: readonly number[],
): Buffer {
  const marker = 'INVALID-UTF8-HERE';
  const field = Object.keys(body).find((key) => typeof body[key] === 'string') ?? 'note';
  const text = JSON.stringify({ ...body, [field]: `${String(body[field] ?? '')}${marker}` });
  const [before, after] = text.split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}
