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
