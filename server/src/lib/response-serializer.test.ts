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
  const serialise = responseSerializerCompiler({
    schema: envelope,
    method: 'GET',
    url: '/api/example',
    httpStatus: '200',
  });
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

  it('freezes unchanging data through and through', () => {
    const data = unchanging({ rankings: [{ name: 'Ada', score: 91.5 }] });
    expect(() => {
      data.rankings[0]!.score = 100;
    }).toThrow(TypeError);
    expect(() => data.rankings.push({ name: 'Bob', score: 1 })).toThrow(TypeError);
    expect(data.rankings[0]!.score).toBe(91.5);
  });
});
