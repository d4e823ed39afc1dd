import { describe, expect, it } from 'vitest';
import {
  DRAFT_STORAGE_KEY,
  EMPTY_DRAFT,
  clearDraft,
  draftToCreateBody,
  loadDraft,
  saveDraft,
  validateDraft,
} from './staff-draft';
import { parseSalary, validateStaffForm, EMPTY_STAFF_FORM } from './staff-form-rules';

describe('the staff draft in local storage', () => {
  it('round-trips, and reads broken or foreign data as no draft or as blanks', () => {
    expect(loadDraft()).toBeNull();
    saveDraft({ ...EMPTY_DRAFT, firstName: 'Ada', skills: ['A', 'a', ' '] });
    expect(loadDraft()).toMatchObject({ firstName: 'Ada', skills: ['A'] });
    clearDraft();
    expect(loadDraft()).toBeNull();

    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft()).toBeNull();
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ firstName: 7, skills: 'x', extra: 1 }),
    );
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
  });
});

describe('staff form rules (SPEC.md section 5)', () => {
  it('requires the draft page fields and checks email, phone and salary', () => {
    expect(Object.keys(validateDraft(EMPTY_DRAFT)).sort()).toEqual(
      [
        'department',
        'email',
        'employeeId',
        'employmentType',
        'firstName',
        'lastName',
        'position',
        'startDate',
      ].sort(),
    );
    const errors = validateDraft({
      ...EMPTY_DRAFT,
      email: 'nope',
      phone: 'call me',
      salary: 'lots',
    });
    expect(errors.email).toBe('Email must be a valid email address');
    expect(errors.phone).toBe('Phone must be a phone number');
    expect(errors.salary).toBe('Salary must be a number of at least 0');
  });

  it('asks for a join date only when adding', () => {
    expect(validateStaffForm(EMPTY_STAFF_FORM, 'add').join_date).toBe('Join date is required');
    expect(validateStaffForm(EMPTY_STAFF_FORM, 'edit').join_date).toBeUndefined();
  });

  it('reads salaries as typed', () => {
    expect(parseSalary('')).toBeNull();
    expect(parseSalary(' 52,000.50 ')).toBe(52000.5);
    expect(parseSalary('0')).toBe(0);
    expect(parseSalary('-1')).toBe('invalid');
    expect(parseSalary('12abc')).toBe('invalid');
  });

  it('sends blanks as nothing and no manager as null', () => {
    const body = draftToCreateBody({ ...EMPTY_DRAFT, firstName: ' Ada ', startDate: '2024-01-01' });
    expect(body).toMatchObject({
      first_name: 'Ada',
      phone: null,
      manager_id: null,
      location: null,
      employment_type: null,
      salary: null,
      notes: null,
      skills: [],
    });
  });
});
