import { TEXT_LIMITS } from '#contract/text-limits';
import { checkBackfillDate } from '../../components/backfill-date-input';
import type { EmployeeChoice } from '../../components/employee-select';
import type { AwardBonusInput } from './api/award-bonus';

/**
 * Texts and rules of Bonus Management (SPEC.md sections 2, 5 and 8), with the messages of
 * `contract/bonuses.ts`; written out so the screen does not load the schema library.
 */
export const BONUS_TEXTS = {
  empty: 'No bonuses found',
  loading: 'Loading bonuses...',
  noMetrics: 'No performance metrics found for this employee.',
  employeeRequired: 'Employee is required',
  nameRequired: 'Bonus name is required',
  descriptionRequired: 'Description is required',
} as const;

export const BONUS_LIMITS = {
  name: TEXT_LIMITS.bonus.bonus_name,
  description: TEXT_LIMITS.bonus.description,
} as const;

export interface BonusFormValues {
  employee: EmployeeChoice | null;
  bonus_name: string;
  description: string;
  created_at: string;
}
export type BonusFormField = 'employee_id' | 'bonus_name' | 'description' | 'created_at';
export type BonusFormErrors = Partial<Record<BonusFormField, string>>;
export const BONUS_FORM_FIELDS: BonusFormField[] = [
  'employee_id',
  'bonus_name',
  'description',
  'created_at',
];

export const EMPTY_BONUS_FORM: BonusFormValues = {
  employee: null,
  bonus_name: '',
  description: '',
  created_at: '',
};

function requiredText(text: string, max: number, label: string, missing: string) {
  const trimmed = text.trim();
  if (!trimmed) return missing;
  return trimmed.length > max ? `${label} must be at most ${max} characters` : undefined;
}

/** SPEC.md section 5: employee, bonus name and description required; an optional past date. */
export function validateBonusForm(
  values: BonusFormValues,
  { withEmployee = true } = {},
): BonusFormErrors {
  const errors: BonusFormErrors = {
    employee_id: !withEmployee || values.employee ? undefined : BONUS_TEXTS.employeeRequired,
    bonus_name: requiredText(
      values.bonus_name,
      BONUS_LIMITS.name,
      'Bonus name',
      BONUS_TEXTS.nameRequired,
    ),
    description: requiredText(
      values.description,
      BONUS_LIMITS.description,
      'Description',
      BONUS_TEXTS.descriptionRequired,
    ),
    created_at: withEmployee
      ? (checkBackfillDate(values.created_at, 'Date') ?? undefined)
      : undefined,
  };
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as BonusFormErrors;
}

export function toAwardBody(values: BonusFormValues): AwardBonusInput {
  const createdAt = values.created_at.trim();
  return {
    employee_id: values.employee!.id,
    bonus_name: values.bonus_name.trim(),
    description: values.description.trim(),
    ...(createdAt ? { created_at: createdAt } : {}),
  };
}
