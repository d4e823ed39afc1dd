import { FIELD_LABELS } from '#contract/field-labels';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';

/**
 * What the audit detail shows for the fields of a recorded snapshot: the labels the screens give
 * them, and their values as those screens write them (short US dates, money, Yes/No), so that a
 * person reads "Salary $52,000" rather than `salary_cents 5200000`.
 */

/** "Join Date" for "Join date": the detail's rows are headed in Title Case, as table columns are. */
const titleCase = (label: string) => label.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/**
 * The screens' labels: the forms' own (contract/field-labels.ts, the words messages use), in Title
 * Case, and the fields only recorded snapshots have; a field not listed here is written out from
 * its name.
 */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(FIELD_LABELS).map(([field, label]) => [field, titleCase(label)]),
  ),
  id: 'ID',
  salary_cents: 'Salary',
  manager_name: 'Manager Name',
  employee_name: 'Employee',
  metric_type_name: 'Metric Type',
  // The metric types table's column, shorter than the form's "Measurement unit".
  measurement_unit: 'Unit',
  unit: 'Unit',
  value_hundredths: 'Value',
  responded_at: 'Responded At',
  all: 'Everyone',
  asked: 'Employees Asked',
  recorded_by: 'Recorded By',
  awarded_by: 'Awarded By',
  asked_by: 'Asked By',
  password_is_temporary: 'Temporary Password',
  locked_until: 'Locked Until',
  failures: 'Failed Sign-ins',
  google_linked: 'Google Sign-in Linked',
  performance_metrics: 'Metric Values',
  performance_metric_ids: 'Metric Values',
  unlinked_accounts: 'Unlinked Accounts',
  reports_left_without_manager: 'Reports Left Without a Manager',
  total_rows: 'Rows in File',
  refused_rows: 'Refused Rows',
  // A record's own times, as every table's columns name them (the forms call a new value's "Date").
  created_at: 'Created At',
  updated_at: 'Updated At',
};

const WORDS: Record<string, string> = { id: 'ID', ids: 'IDs', ip: 'IP', url: 'URL' };

/** "First Name" for `first_name`; an unlisted `foo_bar_id` reads "Foo Bar ID". */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  return field
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The kinds of record, as the screens name them. */
const ENTITIES: Record<string, string> = {
  employee: 'Staff Member',
  performance_metric: 'Metric Value',
  metric_type: 'Metric Type',
  bonus: 'Bonus',
  user: 'User',
  question: 'Question',
};

/** "Metric Value #12" for the record an entry is about. */
export function recordLabel(type: string, id: number | null): string {
  const kind = ENTITIES[type] ?? fieldLabel(type);
  return id === null ? kind : `${kind} #${id}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** $52,000 or $1,234.50: dollars with cents only when there are some. */
function money(dollars: number): string {
  const [whole, cents] = formatNumber(dollars, 2).split('.');
  return `$${whole}${cents ? `.${cents.padEnd(2, '0')}` : ''}`;
}

/**
 * A plain value as the screens write it, or null when it is a list or an object (the caller
 * shows those field by field). Money by its field, dates and times by their form.
 */
export function formatFieldValue(field: string, value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'salary_cents') return money(value / 100);
    if (field === 'salary') return money(value);
    if (field === 'value_hundredths') return formatNumber(value / 100, 2);
    if (field.endsWith('_id') || field === 'id') return `#${value}`;
    return formatNumber(value);
  }
  if (typeof value === 'string') {
    if (value === '') return '""';
    if (DATE_ONLY.test(value)) return formatDate(value);
    if (TIMESTAMP.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    if (value.length === 0) return 'None';
    return value.map((item) => formatFieldValue(field.replace(/s$/, ''), item) ?? '').join(', ');
  }
  return null;
}
