import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-guard';

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** The walk as it was before the check in front of it: every entry, with its path. */
function firstUnstorablePath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      const children = Object.entries(current);
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i]!;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** Text that is sometimes unstorable: a NUL, a lone surrogate of either half, or a proper pair. */
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d\ude00', 'plain'),
);
const input = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('findUnstorableText', () => {
  it('names the same first field as a walk of every entry', () => {
    fc.assert(
      fc.property(input, (value) => {
        expect(findUnstorableText(value)).toBe(firstUnstorablePath(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds text deep in a body, in arrays and under keys that are themselves unstorable', () => {
    expect(findUnstorableText({ a: 'ok', skills: ['x', 'y\u0000'] })).toBe('skills.1');
    expect(findUnstorableText({ a: { b: { c: [{ d: '\ud800' }] } } })).toBe('a.b.c.0.d');
    expect(findUnstorableText({ '\u0000': 'fine' })).toBeNull();
    expect(findUnstorableText('\udfff')).toBe('');
    expect(findUnstorableText({ emoji: '\ud83d\ude00', n: 1, none: null })).toBeNull();
  });

  it('reads own keys only, as Object.entries does', () => {
    const inherited = Object.create({ hidden: '\u0000' }) as Record<string, unknown>;
    inherited.shown = 'ok';
    expect(findUnstorableText(inherited)).toBeNull();
    expect(findUnstorableText(Object.assign(Object.create(null), { k: 'a\u0000' }))).toBe('k');
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});
