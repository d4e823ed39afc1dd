import { z } from 'zod';
import { backfillDateField } from './backfill-date';
import { pageQuerySchema, paginationSchema } from './envelope';
import { requiredText, timestampSchema } from './fields';
import { BONUS_DATE_LABEL, FIELD_LABELS } from './field-labels';
import { cursorPaginationSchema, pageCursorQuery } from './page-cursor';
import { optionalIdFilter, referenceId } from './reference-field';

/** The date field's label, as the award form shows it ("Awarded On"), in every message of it. */
export { BONUS_DATE_LABEL };

export const BONUS_MESSAGES = {
  employeeNotFound: 'Employee not found',
  bonusNotFound: 'Bonus not found',
  employeeIsFixed: 'The employee cannot be changed: delete this bonus and award a new one instead',
  awarded: 'Bonus awarded successfully',
  updated: 'Bonus updated successfully',
  deleted: 'Bonus deleted successfully',
} as const;

const bonusName = requiredText(FIELD_LABELS.bonus_name, 200);
const bonusDescription = requiredText(FIELD_LABELS.description, 2000);
const bonusEmployee = referenceId(FIELD_LABELS.employee_id);

export const awardBonusBodySchema = z.object({
  employee_id: bonusEmployee,
  bonus_name: bonusName,
  description: bonusDescription,
  created_at: backfillDateField(BONUS_DATE_LABEL),
});
export type AwardBonusBody = z.infer<typeof awardBonusBodySchema>;

/** PUT changes the name and description; the employee is read-only (sent, it must match). */
export const updateBonusBodySchema = z.object({
  employee_id: bonusEmployee.optional(),
  bonus_name: bonusName,
  description: bonusDescription,
});
export type UpdateBonusBody = z.infer<typeof updateBonusBodySchema>;

/** A bonus with its employee's name and email, as the HR table shows it. */
export const bonusSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  bonus_name: z.string(),
  description: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type Bonus = z.infer<typeof bonusSchema>;

export const bonusListQuerySchema = pageQuerySchema.extend({
  employee_id: optionalIdFilter('employee_id'),
  cursor: pageCursorQuery,
});
export type BonusListQuery = z.infer<typeof bonusListQuerySchema>;

export const bonusListSchema = z.object({
  bonuses: z.array(bonusSchema),
  pagination: paginationSchema,
});
export type BonusList = z.infer<typeof bonusListSchema>;

/** `GET /api/bonuses`: a list that also pages by cursor (page-cursor.ts). */
export const bonusCursorListSchema = bonusListSchema.extend({
  pagination: cursorPaginationSchema,
});
export type BonusCursorList = z.infer<typeof bonusCursorListSchema>;

export const bonusResultSchema = z.object({ bonus: bonusSchema });

/** `GET /api/employees/has-bonuses`: the bonus toast of SPEC.md. */
export const bonusStatusSchema = z.object({
  has_bonuses: z.boolean(),
  bonus_count: z.number().int(),
});
export type BonusStatus = z.infer<typeof bonusStatusSchema>;
