import type { CreateEmployeeInput, Employee, UpdateEmployeeInput } from '#contract/employees';
import {
  EMPLOYMENT_TYPES,
  LOCATIONS,
  LOOKS_LIKE_EMAIL,
  MAX_SALARY,
  PHONE_PATTERN,
  STAFF_MESSAGES,
  type EmployeeStatus,
  type EmploymentType,
  type Location,
} from '#contract/employee-options';
import type { StaffDraft } from './staff-draft';

/** The Add New Staff and Edit modals (SPEC.md section 5), as typed. */
export interface StaffFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  position: string;
  department: string;
  join_date: string;
  status: EmployeeStatus;
  salary: string;
  /** "More details": the rest of the record, so nothing /create sets is out of reach later. */
  employee_code: string;
  employment_type: string;
  location: string;
  /** The manager's employee id as text ('' for none) and their name. */
  manager_id: string;
  manager_name: string;
  notes: string;
  skills: string[];
}
export type StaffFormField = keyof StaffFormValues;
export type StaffTextField = Exclude<StaffFormField, 'skills'>;
export type StaffFormErrors = Partial<Record<StaffFormField, string>>;

export const EMPTY_STAFF_FORM: StaffFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  position: '',
  department: '',
  join_date: '',
  status: 'active',
  salary: '',
  employee_code: '',
  employment_type: '',
  location: '',
  manager_id: '',
  manager_name: '',
  notes: '',
  skills: [],
};

export function staffFormFrom(employee: Employee): StaffFormValues {
  return {
    first_name: employee.first_name,
    last_name: employee.last_name,
    email: employee.email,
    phone: employee.phone ?? '',
    position: employee.position,
    department: employee.department,
    join_date: employee.join_date,
    status: (employee.status as EmployeeStatus) ?? 'active',
    salary: employee.salary === null ? '' : String(employee.salary),
    employee_code: employee.employee_code ?? '',
    employment_type: employee.employment_type ?? '',
    location: employee.location ?? '',
    manager_id: employee.manager_id === null ? '' : String(employee.manager_id),
    manager_name: employee.manager_name ?? '',
    notes: employee.notes ?? '',
    skills: employee.skills,
  };
}

/** A salary as typed: blank is none; anything else must be a number from 0 up. */
export function parseSalary(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/,/g, '');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_SALARY ? value : 'invalid';
}

export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return STAFF_MESSAGES.emailRequired;
  if (!LOOKS_LIKE_EMAIL.test(trimmed)) return STAFF_MESSAGES.emailInvalid;
  return undefined;
}

export function phoneProblem(phone: string): string | undefined {
  const trimmed = phone.trim();
  return trimmed && !PHONE_PATTERN.test(trimmed) ? STAFF_MESSAGES.phoneInvalid : undefined;
}

/**
 * SPEC.md section 5: first name, last name, position, department and email (valid) required,
 * join date too when adding; phone optional; salary a number of at least 0.
 */
export function validateStaffForm(values: StaffFormValues, mode: 'add' | 'edit'): StaffFormErrors {
  const errors: StaffFormErrors = {};
  if (!values.first_name.trim()) errors.first_name = STAFF_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = STAFF_MESSAGES.lastNameRequired;
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  const phone = phoneProblem(values.phone);
  if (phone) errors.phone = phone;
  if (!values.position.trim()) errors.position = STAFF_MESSAGES.positionRequired;
  if (!values.department) errors.department = STAFF_MESSAGES.departmentRequired;
  if (mode === 'add' && !values.join_date) errors.join_date = STAFF_MESSAGES.joinDateRequired;
  if (parseSalary(values.salary) === 'invalid') errors.salary = STAFF_MESSAGES.salaryInvalid;
  return errors;
}

function common(values: StaffFormValues) {
  const salary = parseSalary(values.salary);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    position: values.position.trim(),
    department: values.department as CreateEmployeeInput['department'],
    salary: salary === 'invalid' ? null : salary,
    employee_code: values.employee_code.trim() || null,
    employment_type: (EMPLOYMENT_TYPES as readonly string[]).includes(values.employment_type)
      ? (values.employment_type as EmploymentType)
      : null,
    location: (LOCATIONS as readonly string[]).includes(values.location)
      ? (values.location as Location)
      : null,
    manager_id: values.manager_id ? Number(values.manager_id) : null,
    notes: values.notes.trim() || null,
    skills: values.skills,
  };
}

/** The modal's fields as the /create page's draft names them, to carry them over. */
export function toDraft(values: StaffFormValues): StaffDraft {
  return {
    firstName: values.first_name,
    lastName: values.last_name,
    email: values.email,
    phone: values.phone,
    department: values.department,
    position: values.position,
    employeeId: values.employee_code,
    startDate: values.join_date,
    manager: values.manager_id,
    managerName: values.manager_name,
    location: values.location,
    employmentType: values.employment_type,
    salary: values.salary,
    notes: values.notes,
    skills: values.skills,
  };
}

/** SPEC.md section 7's POST body. */
export function toCreateBody(values: StaffFormValues): CreateEmployeeInput {
  return { ...common(values), join_date: values.join_date, status: values.status };
}

/**
 * The edit modal has no join date input, so it sends none (PUT keeps it). It has a Status
 * select, beyond SPEC.md's edit form (docs/product-decisions.md): HR sets On Leave and Inactive
 * there.
 */
export function toUpdateBody(values: StaffFormValues): UpdateEmployeeInput {
  return { ...common(values), status: values.status };
}
