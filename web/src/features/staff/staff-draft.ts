import type { CreateEmployeeInput } from '#contract/employees';
import {
  EMPLOYMENT_TYPES,
  LOCATIONS,
  STAFF_MESSAGES,
  type EmploymentType,
  type Location,
  normaliseSkills,
} from '#contract/employee-options';
import { emailProblem, parseSalary, phoneProblem } from './staff-form-rules';

/** The Add New Staff Member page's fields, named as SPEC.md section 2 names them. */
export interface StaffDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: string;
  position: string;
  employeeId: string;
  startDate: string;
  /** The manager's employee id ('' for none) and name, so a reload can show who it was. */
  manager: string;
  managerName: string;
  location: string;
  employmentType: string;
  salary: string;
  notes: string;
  skills: string[];
}
export type DraftField = Exclude<keyof StaffDraft, 'managerName' | 'skills'>;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: StaffDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  department: '',
  position: '',
  employeeId: '',
  startDate: '',
  manager: '',
  managerName: '',
  location: '',
  employmentType: '',
  salary: '',
  notes: '',
  skills: [],
};

export const DRAFT_STORAGE_KEY = 'spms.staffDraft';

/** What the Add New Staff modal hands /create (router state) when "More details" is chosen. */
export interface CarriedStaffForm {
  carriedDraft: StaffDraft;
}

/** The router state's carried draft, or null when there is none (or it is not one). */
export function carriedDraftOf(state: unknown): StaffDraft | null {
  const carried = (state as Partial<CarriedStaffForm> | null)?.carriedDraft;
  if (!carried || typeof carried !== 'object') return null;
  return { ...EMPTY_DRAFT, ...carried, skills: normaliseSkills(carried.skills ?? []) };
}

/** The saved draft, or null; anything unreadable counts as no draft. */
export function loadDraft(): StaffDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Record<keyof StaffDraft, unknown>>;
    const draft = { ...EMPTY_DRAFT };
    for (const key of Object.keys(EMPTY_DRAFT) as (keyof StaffDraft)[]) {
      const value = stored[key];
      if (key === 'skills') {
        if (Array.isArray(value)) {
          draft.skills = normaliseSkills(value.filter((s): s is string => typeof s === 'string'));
        }
      } else if (typeof value === 'string') {
        draft[key] = value;
      }
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(draft: StaffDraft): void {
  localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  localStorage.removeItem(DRAFT_STORAGE_KEY);
}

/**
 * SPEC.md section 5 for the draft page: first name, last name, email, employee ID, department,
 * position, employment type and start date required; phone, manager, location, salary (a
 * number) and notes optional.
 */
export function validateDraft(draft: StaffDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.firstName.trim()) errors.firstName = STAFF_MESSAGES.firstNameRequired;
  if (!draft.lastName.trim()) errors.lastName = STAFF_MESSAGES.lastNameRequired;
  const email = emailProblem(draft.email);
  if (email) errors.email = email;
  const phone = phoneProblem(draft.phone);
  if (phone) errors.phone = phone;
  if (!draft.employeeId.trim()) errors.employeeId = STAFF_MESSAGES.employeeIdRequired;
  if (!draft.department) errors.department = STAFF_MESSAGES.departmentRequired;
  if (!draft.position.trim()) errors.position = STAFF_MESSAGES.positionRequired;
  if (!draft.employmentType) errors.employmentType = STAFF_MESSAGES.employmentTypeRequired;
  if (!draft.startDate) errors.startDate = STAFF_MESSAGES.startDateRequired;
  if (parseSalary(draft.salary) === 'invalid') errors.salary = STAFF_MESSAGES.salaryInvalid;
  return errors;
}

/** The API's field behind each draft field, to place the server's field errors. */
export const DRAFT_FIELD_FOR_API: Record<string, DraftField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  department: 'department',
  position: 'position',
  employee_code: 'employeeId',
  join_date: 'startDate',
  manager_id: 'manager',
  location: 'location',
  employment_type: 'employmentType',
  salary: 'salary',
  notes: 'notes',
};

export function draftToCreateBody(draft: StaffDraft): CreateEmployeeInput {
  const salary = parseSalary(draft.salary);
  const employmentType = (EMPLOYMENT_TYPES as readonly string[]).includes(draft.employmentType)
    ? (draft.employmentType as EmploymentType)
    : null;
  const location = (LOCATIONS as readonly string[]).includes(draft.location)
    ? (draft.location as Location)
    : null;
  return {
    first_name: draft.firstName.trim(),
    last_name: draft.lastName.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim() || null,
    department: draft.department as CreateEmployeeInput['department'],
    position: draft.position.trim(),
    employee_code: draft.employeeId.trim() || null,
    join_date: draft.startDate,
    status: 'active',
    manager_id: draft.manager ? Number(draft.manager) : null,
    location,
    employment_type: employmentType,
    salary: salary === 'invalid' ? null : salary,
    notes: draft.notes.trim() || null,
    skills: draft.skills,
  };
}
