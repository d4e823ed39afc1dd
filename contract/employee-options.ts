/**
 * The choices and exact texts of staff records (SPEC.md sections 3 and 5), free of zod so the
 * staff screens can use them without loading a schema library. `employees.ts` builds the request
 * schemas from the same lists, so a form and the server can never disagree.
 */

/** SPEC.md section 3: the five configured departments. */
export const DEPARTMENTS = [
  'CIT',
  'Electrical Engineering',
  'Civil Engineering',
  'Media Studies',
  'Commerce',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'contract',
  'intern',
  'consultant',
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const LOCATIONS = [
  'headquarters',
  'branch-la',
  'branch-chicago',
  'remote',
  'hybrid',
] as const;
export type Location = (typeof LOCATIONS)[number];

/** Active is the default (SPEC.md section 4); the others let HR keep a record without deleting it. */
export const EMPLOYEE_STATUSES = ['active', 'on-leave', 'inactive'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  intern: 'Intern',
  consultant: 'Consultant',
};

export const LOCATION_LABELS: Record<Location, string> = {
  headquarters: 'Headquarters',
  'branch-la': 'Los Angeles Branch',
  'branch-chicago': 'Chicago Branch',
  remote: 'Remote',
  hybrid: 'Hybrid',
};

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: 'Active',
  'on-leave': 'On Leave',
  inactive: 'Inactive',
};

/** Columns the staff list may be sorted by (whitelisted: they become SQL). */
export const EMPLOYEE_SORT_FIELDS = [
  'last_name',
  'first_name',
  'email',
  'position',
  'department',
  'join_date',
  'status',
  'salary',
  'employee_code',
  'created_at',
] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

export const MAX_SKILLS = 50;
export const MAX_SKILL_LENGTH = 60;
export const MAX_SALARY = 1_000_000_000;

/** A phone number: digits with the usual separators, optionally an extension. */
export const PHONE_PATTERN = /^\+?[0-9().\s/-]{3,30}(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i;

/** Texts shown in forms and sent by the server, word for word. */
export const STAFF_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  positionRequired: 'Position is required',
  departmentRequired: 'Department is required',
  departmentInvalid: `Department must be one of ${DEPARTMENTS.join(', ')}`,
  joinDateRequired: 'Join date is required',
  startDateRequired: 'Start date is required',
  employeeIdRequired: 'Employee ID is required',
  employmentTypeRequired: 'Employment type is required',
  salaryInvalid: 'Salary must be a number of at least 0',
  phoneInvalid: 'Phone must be a phone number',
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteWarning: 'This action cannot be undone.',
  loading: 'Loading employees...',
  loadFailed: 'Failed to load required data',
} as const;

/**
 * A deliberately plain email check for forms; the server validates the address exactly
 * (contract/fields.ts) and the form only catches obvious slips without a schema library.
 */
export const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Blank skills are dropped and duplicates (ignoring case) kept once: the form and server agree. */
export function normaliseSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of skills) {
    const skill = raw.trim();
    const key = skill.toLowerCase();
    if (!skill || seen.has(key)) continue;
    seen.add(key);
    kept.push(skill);
  }
  return kept;
}
