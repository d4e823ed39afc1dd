import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBodySchema, loginBodySchema } from './auth';
import { awardBonusBodySchema, updateBonusBodySchema } from './bonuses';
import { createEmployeeBodySchema, updateEmployeeBodySchema } from './employees';
import { FIELD_LABELS, fieldLabel, messageNamesField } from './field-labels';
import { metricTypeBodySchema } from './metric-types';
import { recordMetricValueBodySchema, updateMetricValueBodySchema } from './performance-metrics';
import { answerQuestionBodySchema, askQuestionBodySchema } from './questions';
import { createUserBodySchema, updateUserBodySchema } from './users';

/** The bodies the screens' forms send (Google sign-in and the CSV imports send no typed field). */
const FORM_BODIES: Record<string, z.ZodType> = {
  login: loginBodySchema,
  changePassword: changePasswordBodySchema,
  createEmployee: createEmployeeBodySchema,
  updateEmployee: updateEmployeeBodySchema,
  createUser: createUserBodySchema,
  updateUser: updateUserBodySchema,
  metricType: metricTypeBodySchema,
  recordMetricValue: recordMetricValueBodySchema,
  updateMetricValue: updateMetricValueBodySchema,
  awardBonus: awardBonusBodySchema,
  updateBonus: updateBonusBodySchema,
  askQuestion: askQuestionBodySchema,
  answerQuestion: answerQuestionBodySchema,
};

/** Values every kind of field refuses one way or another: missing, wrong types, out of range. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  -1,
  1.5,
  true,
  '',
  '   ',
  'not valid',
  'x'.repeat(10_001),
  '2999-12-31',
  [],
  [1.5],
  ['x'.repeat(100)],
  Array.from({ length: 1001 }, (_, i) => i + 1),
  {},
];

type Shaped = { shape: Record<string, z.ZodType> };

/** Every message each form body's schema gives, with the path it is given at. */
function formIssues(): { where: string; path: string; message: string }[] {
  const found: { where: string; path: string; message: string }[] = [];
  for (const [name, schema] of Object.entries(FORM_BODIES)) {
    for (const field of Object.keys((schema as unknown as Shaped).shape)) {
      for (const value of BAD_VALUES) {
        const result = schema.safeParse({ [field]: value });
        for (const issue of result.error?.issues ?? []) {
          const path = issue.path.join('.');
          found.push({
            where: `${name}.${field}=${JSON.stringify(value)}`,
            path,
            message: issue.message,
          });
        }
      }
    }
  }
  return found;
}

describe('field labels', () => {
  it('names a field by its label, and an item of a list by its place', () => {
    expect(fieldLabel('employee_code')).toBe('Employee ID');
    expect(fieldLabel('created_at')).toBe('Date');
    expect(fieldLabel('oldPassword')).toBe('Current password');
    expect(fieldLabel('skills.1')).toBe('Skills, item 2');
    expect(fieldLabel('employee_ids.0')).toBe('Employees, item 1');
    // Parameters no screen has an input for keep their names.
    expect(fieldLabel('page')).toBe('page');
  });

  it('knows a message names its field by the name, a label or the label in the singular', () => {
    expect(messageNamesField('employee_code', 'Employee ID must be at most 50 characters')).toBe(
      true,
    );
    expect(messageNamesField('page', 'page must be at least 1')).toBe(true);
    expect(messageNamesField('created_at', 'Recorded on cannot be in the future')).toBe(true);
    expect(messageNamesField('created_at', 'Awarded on cannot be in the future')).toBe(true);
    expect(messageNamesField('employee_ids', 'Choose at least one employee, or ask everyone')).toBe(
      true,
    );
    expect(messageNamesField('manager_id', 'An employee cannot be their own manager')).toBe(true);
    expect(messageNamesField('oldPassword', 'Current password is required')).toBe(true);
    expect(messageNamesField('employee_code', 'Too long')).toBe(false);
    expect(messageNamesField('skills.0', 'Each skill must be at most 60 characters')).toBe(false);
  });

  it('labels every field of every form body', () => {
    for (const [name, schema] of Object.entries(FORM_BODIES)) {
      for (const field of Object.keys((schema as unknown as Shaped).shape)) {
        // `id` of an answer is the question the form answers: no input, and it keeps its name.
        if (field === 'id' || field === 'all') continue;
        expect(Object.keys(FIELD_LABELS), `${name}.${field}`).toContain(field);
      }
    }
  });

  it("words every form body's message in the screens' labels, never a field's own name", () => {
    const issues = formIssues();
    expect(issues.length).toBeGreaterThan(100);
    for (const { where, path, message } of issues) {
      // No snake_case or camelCase name of a field: "manager_id", "employee_ids", "oldPassword".
      expect(message, where).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b/);
      if (!path.includes('.') && path !== 'id' && path !== 'all') {
        expect(messageNamesField(path, message), `${where}: ${message}`).toBe(true);
      }
    }
  });
});
