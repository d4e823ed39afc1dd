/**
 * The words a person knows each request field by: the label of its input on the screens, as a
 * message writes it ("Employee ID must be at most 50 characters", sentence case as the messages
 * are). Messages name fields by these labels; `errors[].field` keeps the field's own name, which
 * is the API's contract (the forms map it to their inputs).
 *
 * The error handler puts a field's label before a validation message that does not name it
 * (server/src/plugins/errors.ts). Fields that no screen has an input for (`page`, `limit`,
 * `sort`, `id`, `dry_run`, ...) are not listed: only API clients send them, and they know them
 * by their names.
 */
export const FIELD_LABELS = {
  // Staff Management and Add New Staff Member.
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  position: 'Position',
  department: 'Department',
  join_date: 'Join date',
  status: 'Status',
  salary: 'Salary',
  employee_code: 'Employee ID',
  employment_type: 'Employment type',
  location: 'Location',
  manager_id: 'Manager',
  notes: 'Notes',
  skills: 'Skills',
  // User Management and the change-password form.
  firstname: 'First name',
  lastname: 'Last name',
  user_type: 'User type',
  password: 'Password',
  oldPassword: 'Current password',
  newPassword: 'New password',
  // Metric Setup.
  metric_name: 'Metric name',
  description: 'Description',
  measurement_unit: 'Measurement unit',
  minimum_value: 'Minimum value',
  maximum_value: 'Maximum value',
  // Performance Metrics and Bonus Management.
  user_id: 'User',
  metric_type_id: 'Metric type',
  value: 'Value',
  comment: 'Comment',
  employee_id: 'Employee',
  bonus_name: 'Bonus name',
  created_at: 'Date',
  // Actions.
  question: 'Question',
  employee_ids: 'Employees',
  response: 'Response',
} as const satisfies Record<string, string>;

/** The same, looked up by a name that may be any field's. */
const LABEL_OF: Readonly<Record<string, string | undefined>> = FIELD_LABELS;

/** The date of a new metric value, as the record form labels it ("Recorded On"). */
export const METRIC_VALUE_DATE_LABEL = 'Recorded on';
/** The date of a new bonus, as the award form labels it ("Awarded On"). */
export const BONUS_DATE_LABEL = 'Awarded on';

/** Other labels one field has on other screens: a message naming it by any of them names it. */
const OTHER_LABELS: Readonly<Record<string, readonly string[]>> = {
  created_at: [METRIC_VALUE_DATE_LABEL, BONUS_DATE_LABEL],
  employee_id: ['Staff record'],
};

/** `employee_ids.0` -> ['employee_ids', 0]: the field a path is about, and the item, if any. */
function splitPath(path: string): { field: string; item: number | null } {
  const parts = path.split('.');
  const last = parts[parts.length - 1]!;
  if (parts.length > 1 && /^\d+$/.test(last)) {
    return { field: parts[parts.length - 2]!, item: Number(last) };
  }
  return { field: last, item: null };
}

/**
 * The label of a field path as a message prefix: "Employee ID" for `employee_code`, "Skills,
 * item 2" for `skills.1`; a field without a label is named as it is (`page`).
 */
export function fieldLabel(path: string): string {
  const { field, item } = splitPath(path);
  const label = LABEL_OF[field] ?? field;
  return item === null ? label : `${label}, item ${item + 1}`;
}

/**
 * True when `message` names the field at `path`: by its name ("page must be ..."), its label
 * ("Employee ID must be ...") or, for a list, its label in the singular ("Each skill must be
 * ..."). One item of a list is never named so (a message cannot say which item it is about).
 */
export function messageNamesField(path: string, message: string): boolean {
  const { field, item } = splitPath(path);
  if (item !== null) return false;
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const said = squash(message);
  const label = LABEL_OF[field];
  const names = [field, ...(label ? [label] : []), ...(OTHER_LABELS[field] ?? [])];
  return names.some((name) => {
    const word = squash(name);
    const singular = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
    return said.includes(singular);
  });
}
