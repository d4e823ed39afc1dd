import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBodySchema, loginBodySchema } from './auth';
import { awardBonusBodySchema, updateBonusBodySchema } from './bonuses';
import { createEmployeeBodySchema, updateEmployeeBodySchema } from './employees';
import { metricTypeBodySchema } from './metric-types';
import { recordMetricValueBodySchema, updateMetricValueBodySchema } from './performance-metrics';
import { answerQuestionBodySchema, askQuestionBodySchema } from './questions';
import { TEXT_LIMITS } from './text-limits';
import { createUserBodySchema, updateUserBodySchema } from './users';

/** The longest string a field's schema accepts, through optional, nullable, default and pipes. */
function maxLengthOf(schema: z.ZodType): number | null {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth++) {
    const node = current as {
      maxLength?: number | null;
      _zod: { def: { type: string; innerType?: unknown; in?: unknown } };
    };
    const { def } = node._zod;
    if (def.type === 'string') return node.maxLength ?? null;
    current = def.innerType ?? def.in;
    if (!current) return null;
  }
  return null;
}

type Shaped = { shape: Record<string, z.ZodType> };
/** The object schema inside refinements (superRefine keeps the object as it is in zod 4). */
const shapeOf = (schema: unknown) => (schema as Shaped).shape;

describe('the text limits the forms show', () => {
  it.each([
    ['staff (add)', createEmployeeBodySchema, TEXT_LIMITS.staff],
    ['staff (edit)', updateEmployeeBodySchema, TEXT_LIMITS.staff],
    ['users (add)', createUserBodySchema, TEXT_LIMITS.user],
    ['users (edit)', updateUserBodySchema, TEXT_LIMITS.user],
    ['metric types', metricTypeBodySchema, TEXT_LIMITS.metricType],
    ['metric values (record)', recordMetricValueBodySchema, TEXT_LIMITS.metricValue],
    ['metric values (edit)', updateMetricValueBodySchema, TEXT_LIMITS.metricValue],
    ['bonuses (award)', awardBonusBodySchema, TEXT_LIMITS.bonus],
    ['bonuses (edit)', updateBonusBodySchema, TEXT_LIMITS.bonus],
    ['questions', askQuestionBodySchema, { question: TEXT_LIMITS.question.question }],
    ['answers', answerQuestionBodySchema, { response: TEXT_LIMITS.question.response }],
  ] as const)('are the schemas’ own for %s', (_name, schema, limits) => {
    const shape = shapeOf(schema);
    for (const [field, limit] of Object.entries(limits)) {
      expect({ field, max: maxLengthOf(shape[field]!) }).toEqual({ field, max: limit });
    }
  });

  it('are the schemas’ own for emails and passwords', () => {
    expect(maxLengthOf(shapeOf(loginBodySchema).email!)).toBe(TEXT_LIMITS.email);
    expect(maxLengthOf(shapeOf(createEmployeeBodySchema).email!)).toBe(TEXT_LIMITS.email);
    expect(maxLengthOf(shapeOf(createUserBodySchema).email!)).toBe(TEXT_LIMITS.email);
    expect(maxLengthOf(shapeOf(loginBodySchema).password!)).toBe(TEXT_LIMITS.password);
    expect(maxLengthOf(shapeOf(createUserBodySchema).password!)).toBe(TEXT_LIMITS.password);
    for (const field of ['oldPassword', 'newPassword']) {
      expect(maxLengthOf(shapeOf(changePasswordBodySchema)[field]!)).toBe(TEXT_LIMITS.password);
    }
  });
});
