import { z } from 'zod';
import {
  DEPARTMENTS,
  EMPLOYEE_SORT_FIELDS,
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  LOCATIONS,
  MAX_SALARY,
  MAX_SKILL_LENGTH,
  MAX_SKILLS,
  PHONE_PATTERN,
  normaliseSkills,
  STAFF_MESSAGES,
} from './employee-options';
import { pageQuerySchema, paginationSchema, sortOrderSchema } from './envelope';
import { FIELD_LABELS } from './field-labels';
import { emailField, isoDateField, optionalText, requiredText, timestampSchema } from './fields';

/** Staff records: SPEC.md sections 3, 5 and 7, PRODUCT.md sections 3 and 5. */

function oneOf<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be one of ${values.join(', ')}`,
  });
}

const departmentField = oneOf(DEPARTMENTS, FIELD_LABELS.department);
const statusField = oneOf(EMPLOYEE_STATUSES, FIELD_LABELS.status);

const salaryField = z
  .number({ error: STAFF_MESSAGES.salaryInvalid })
  .min(0, STAFF_MESSAGES.salaryInvalid)
  .max(MAX_SALARY, `Salary must be at most ${MAX_SALARY}`)
  .nullable();

const phoneField = optionalText(FIELD_LABELS.phone, 40).refine(
  (value) => value === null || PHONE_PATTERN.test(value),
  STAFF_MESSAGES.phoneInvalid,
);

/** The Manager select sends another employee's id; anything else is no employee at all. */
const MANAGER_INVALID = `${FIELD_LABELS.manager_id} must be another employee`;
const managerField = z
  .number({ error: MANAGER_INVALID })
  .int(MANAGER_INVALID)
  .positive(MANAGER_INVALID)
  .max(2_147_483_647, MANAGER_INVALID)
  .nullable();

/** Blank entries are dropped and duplicates (ignoring case) kept once, as the form does. */
const SKILLS_INVALID = `${FIELD_LABELS.skills} must be a list of text`;
const skillsField = z
  .array(
    z
      .string({ error: SKILLS_INVALID })
      .trim()
      .max(MAX_SKILL_LENGTH, `Each skill must be at most ${MAX_SKILL_LENGTH} characters`),
    { error: SKILLS_INVALID },
  )
  .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills`)
  .nullable()
  .transform((skills) => normaliseSkills(skills ?? []));

/** Every writable field, none defaulted: PUT leaves out what it does not change. */
const writableShape = {
  first_name: requiredText(FIELD_LABELS.first_name, 100),
  last_name: requiredText(FIELD_LABELS.last_name, 100),
  email: emailField(FIELD_LABELS.email),
  phone: phoneField,
  position: requiredText(FIELD_LABELS.position, 120),
  department: departmentField,
  status: statusField,
  salary: salaryField,
  employee_code: optionalText(FIELD_LABELS.employee_code, 50),
  employment_type: oneOf(EMPLOYMENT_TYPES, FIELD_LABELS.employment_type).nullable(),
  location: oneOf(LOCATIONS, FIELD_LABELS.location).nullable(),
  manager_id: managerField,
  notes: optionalText(FIELD_LABELS.notes, 5000),
  skills: skillsField,
};

export const createEmployeeBodySchema = z.object({
  ...writableShape,
  join_date: isoDateField(FIELD_LABELS.join_date),
  status: statusField.default('active'),
  salary: salaryField.optional().transform((value) => value ?? null),
  employment_type: writableShape.employment_type.optional().transform((value) => value ?? null),
  location: writableShape.location.optional().transform((value) => value ?? null),
  manager_id: managerField.optional().transform((value) => value ?? null),
  skills: skillsField.optional().transform((value) => value ?? []),
});
export type CreateEmployeeBody = z.infer<typeof createEmployeeBodySchema>;
export type CreateEmployeeInput = z.input<typeof createEmployeeBodySchema>;

/** PUT: any subset of the fields; those left out keep their values. */
export const updateEmployeeBodySchema = z
  .object({ ...writableShape, join_date: isoDateField(FIELD_LABELS.join_date) })
  .partial();
export type UpdateEmployeeBody = z.infer<typeof updateEmployeeBodySchema>;
export type UpdateEmployeeInput = z.input<typeof updateEmployeeBodySchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string(),
  department: z.string(),
  join_date: z.string().describe('YYYY-MM-DD'),
  status: z.string(),
  salary: z.number().nullable(),
  employee_code: z.string().nullable(),
  employment_type: z.string().nullable(),
  location: z.string().nullable(),
  manager_id: z.number().int().nullable(),
  manager_name: z.string().nullable(),
  /** The account linked to this record, if any (PRODUCT.md section 2). */
  user_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  skills: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Employee = z.infer<typeof employeeSchema>;

const optionalFilter = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .optional()
    .transform((value) => value || undefined);

export const listEmployeesQuerySchema = pageQuerySchema.extend({
  search: optionalFilter('search'),
  department: optionalFilter('department'),
  status: z
    .enum(EMPLOYEE_STATUSES, {
      error: `status must be one of ${EMPLOYEE_STATUSES.join(', ')}`,
    })
    .optional(),
  sort: z
    .enum(EMPLOYEE_SORT_FIELDS, {
      error: `sort must be one of ${EMPLOYEE_SORT_FIELDS.join(', ')}`,
    })
    .default('last_name'),
  order: sortOrderSchema.default('asc'),
});
export type ListEmployeesQuery = z.infer<typeof listEmployeesQuerySchema>;
export type ListEmployeesParams = z.input<typeof listEmployeesQuerySchema>;

export const employeeListSchema = z.object({
  employees: z.array(employeeSchema),
  pagination: paginationSchema,
});
export type EmployeeList = z.infer<typeof employeeListSchema>;

export const employeeResultSchema = z.object({ employee: employeeSchema });

export const employeeStatsSchema = z.object({
  /** Departments with at least one employee. */
  departments: z.array(z.string()),
  /** Positions with at least one employee. */
  positions: z.array(z.string()),
  /** The five departments of SPEC.md, whether staffed or not. */
  configured_departments: z.array(z.string()),
});
export type EmployeeStats = z.infer<typeof employeeStatsSchema>;
