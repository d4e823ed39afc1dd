import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';
import { unchanging } from './unchanging';

/** A route's serialiser for `data`'s schema in the success envelope, and how often it checked. */
function serialiserOf(data: z.ZodType) {
  const checks = { count: 0 };
  const envelope = z
    .object({ success: z.literal(true), message: z.string(), data })
    .refine(() => ++checks.count > 0);
  const serialiseToBytesOrText = responseSerializerCompiler({
    schema: envelope,
    method: 'GET',
    url: '/api/example',
    httpStatus: '200',
  });
  // Answers may be UTF-8 bytes, as sent; compared here as the text a client reads.
  const serialise = (answer: unknown) => {
    const out = serialiseToBytesOrText(answer) as unknown;
    return Buffer.isBuffer(out) ? out.toString('utf8') : (out as string);
  };
  return { serialise, checks };
}

const entrySchema = z.object({ name: z.string(), score: z.number() });
const rankingsSchema = z.object({ rankings: z.array(entrySchema) });

describe('response serialiser', () => {
  it('checks every answer and strips what the schema does not declare', () => {
    const { serialise, checks } = serialiserOf(rankingsSchema);
    const data = { rankings: [{ name: 'Ada', score: 91.5, salary: 9000 }] };
    const answer = { success: true, message: 'Rankings', data };
    const expected =
      '{"success":true,"message":"Rankings","data":{"rankings":[{"name":"Ada","score":91.5}]}}';
    expect(serialise(answer)).toBe(expected);
    expect(serialise(answer)).toBe(expected);
    expect(checks.count).toBe(2);
    expect(() =>
      serialise({ success: true, message: 'Rankings', data: { rankings: [{}] } }),
    ).toThrow();
  });

  it('checks and serialises unchanging data once per message, with the same text', () => {
    const { serialise, checks } = serialiserOf(rankingsSchema);
    const data = unchanging({ rankings: [{ name: 'Ada', score: 91.5, salary: 9000 }] });
    const expected =
      '{"success":true,"message":"Rankings","data":{"rankings":[{"name":"Ada","score":91.5}]}}';
    for (let answer = 0; answer < 3; answer++) {
      expect(serialise({ success: true, message: 'Rankings', data })).toBe(expected);
    }
    expect(checks.count).toBe(1);
    expect(serialise({ success: true, message: 'Top', data })).toContain('"message":"Top"');
    expect(checks.count).toBe(2);
    // Equal data that is another object is checked again.
    serialise({ success: true, message: 'Rankings', data: unchanging({ rankings: [] }) });
    expect(checks.count).toBe(3);
  });

  it('still refuses unchanging data that does not match the schema', () => {
    const { serialise } = serialiserOf(rankingsSchema);
    const data = unchanging({ rankings: [{ name: 'Ada' }] });
    expect(() => serialise({ success: true, message: 'Rankings', data })).toThrow();
    expect(() => serialise({ success: true, message: 'Rankings', data })).toThrow();
  });

  it('checks and serialises each remembered item of a list once, and the rest every time', () => {
    const itemChecks = { count: 0 };
    const checkedEntry = entrySchema.refine(() => ++itemChecks.count > 0);
    const { serialise, checks } = serialiserOf(
      z.object({ rankings: z.array(checkedEntry), total: z.number() }),
    );
    const ada = unchanging({ name: 'Ada', score: 91.5, salary: 9000 });
    const bob = unchanging({ name: 'Zoë "B" 李', score: 80 });
    const answer = (total: number) => ({
      success: true,
      message: 'Rankings — all',
      data: { rankings: [ada, bob], total },
    });
    const expected = (total: number) =>
      JSON.stringify({
        success: true,
        message: 'Rankings — all',
        data: { rankings: [{ name: 'Ada', score: 91.5 }, bob], total },
      });
    expect(serialise(answer(2))).toBe(expected(2));
    expect(serialise(answer(3))).toBe(expected(3));
    expect(itemChecks.count).toBe(2);
    expect(checks.count).toBe(2);
    // An item that does not match is still refused, and so is the rest of the answer.
    expect(() =>
      serialise({ ...answer(2), data: { rankings: [unchanging({ name: 'Eve' })], total: 1 } }),
    ).toThrow();
    expect(() => serialise({ ...answer(2), data: { rankings: [ada], total: 'one' } })).toThrow();
    // A list with one item not remembered is checked and serialised whole, as before.
    expect(
      serialise({ ...answer(2), data: { rankings: [ada, { name: 'Cy', score: 1 }], total: 2 } }),
    ).toBe(
      '{"success":true,"message":"Rankings — all","data":{"rankings":[{"name":"Ada","score":91.5},{"name":"Cy","score":1}],"total":2}}',
    );
  });

  it('writes a page remembered whole from the bytes kept for it, the rest checked every time', () => {
    const itemChecks = { count: 0 };
    const checkedEntry = entrySchema.refine(() => ++itemChecks.count > 0);
    const { serialise, checks } = serialiserOf(
      z.object({ rankings: z.array(checkedEntry), total: z.number() }),
    );
    const page = unchanging([unchanging({ name: 'Zoë', score: 1, salary: 9 })]);
    const answer = (total: number) => ({
      success: true,
      message: 'R',
      data: { rankings: page, total },
    });
    for (const total of [1, 2]) {
      expect(serialise(answer(total))).toBe(
        JSON.stringify({
          success: true,
          message: 'R',
          data: { rankings: [{ name: 'Zoë', score: 1 }], total },
        }),
      );
    }
    expect(itemChecks.count).toBe(1);
    expect(checks.count).toBe(2);
    expect(() => serialise({ ...answer(1), data: { rankings: page, total: 'one' } })).toThrow();
  });

  it('freezes unchanging data through and through', () => {
    const data = unchanging({ rankings: [{ name: 'Ada', score: 91.5 }] });
    expect(() => {
      data.rankings[0]!.score = 100;
    }).toThrow(TypeError);
    expect(() => data.rankings.push({ name: 'Bob', score: 1 })).toThrow(TypeError);
    expect(data.rankings[0]!.score).toBe(91.5);
  });
});
