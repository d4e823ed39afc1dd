import {
  checkMetricValue,
  METRIC_VALUE_MAX,
  METRIC_VALUE_MIN,
  type MetricValueRange,
} from '#contract/metric-value-rule';
import type { MetricType } from '#contract/metric-types';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { checkBackfillDate } from '../../components/backfill-date-input';
import { formatNumber } from '../../lib/format';
import type { EmployeeChoice } from '../../components/employee-select';
import type { RecordMetricValueInput } from './api/record-metric-value';
import type { UpdateMetricValueInput } from './api/update-metric-value';

/** Texts of the Performance Metrics screen (SPEC.md sections 2 and 8). */
export const METRICS_TEXTS = {
  empty: 'No performance metrics found',
  loading: 'Loading performance metrics...',
  userRequired: 'User is required',
  metricTypeRequired: 'Metric type is required',
  commentTooLong: 'Comment must be at most 2000 characters',
} as const;

export const COMMENT_MAX = 2000;

export interface RecordMetricFormValues {
  employee: EmployeeChoice | null;
  metric_type_id: string;
  value: string;
  comment: string;
  created_at: string;
}

export interface EditMetricFormValues {
  value: string;
  comment: string;
}

export type MetricFormField = 'user_id' | 'metric_type_id' | 'value' | 'comment' | 'created_at';
export type MetricFormErrors = Partial<Record<MetricFormField, string>>;
export const METRIC_FORM_FIELDS: MetricFormField[] = [
  'user_id',
  'metric_type_id',
  'value',
  'comment',
  'created_at',
];

export const EMPTY_RECORD_FORM: RecordMetricFormValues = {
  employee: null,
  metric_type_id: '',
  value: '',
  comment: '',
  created_at: '',
};

/** The number typed, '' when nothing is, or the text itself when it is not a number. */
export function parseValue(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * The values a type accepts: the 1 to 100 scale narrowed by the type's own bounds, to whole
 * hundredths (a value's step); null when no value fits (a type's bounds outside the scale).
 */
export function applicableRange(
  range: MetricValueRange | null | undefined,
): { min: number; max: number } | null {
  const hundredths = (bound: number, round: (n: number) => number) =>
    round(Number((bound * 100).toFixed(6))) / 100;
  const min = Math.max(METRIC_VALUE_MIN, hundredths(range?.minimum_value ?? 0, Math.ceil));
  const max = Math.min(
    METRIC_VALUE_MAX,
    hundredths(range?.maximum_value ?? METRIC_VALUE_MAX, Math.floor),
  );
  return min <= max ? { min, max } : null;
}

/**
 * "Allowed values: 1 to 50": what can be typed for a type, the scale and its bounds together,
 * so the helper text never says "no minimum" above a field that takes 1 at least.
 */
export function describeAllowed(range: MetricValueRange | null | undefined): string {
  const applicable = applicableRange(range);
  if (!applicable) {
    const min = range?.minimum_value ?? 'no minimum';
    const max = range?.maximum_value ?? 'no maximum';
    return `No value fits: this type allows ${min} to ${max}, and values are ${METRIC_VALUE_MIN} to ${METRIC_VALUE_MAX}`;
  }
  return `Allowed values: ${formatNumber(applicable.min, 2)} to ${formatNumber(applicable.max, 2)}`;
}

export const STEP_HINT = 'In steps of 0.01';
export const VALUE_HINT = `${METRIC_VALUE_MIN} to ${METRIC_VALUE_MAX}, in steps of 0.01`;

function checkComment(comment: string): string | null {
  return comment.trim().length > COMMENT_MAX ? METRICS_TEXTS.commentTooLong : null;
}

function withoutEmpty(errors: Record<string, string | null>): MetricFormErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== null),
  ) as MetricFormErrors;
}

/**
 * SPEC.md section 5 for the Add form: user and type required; the value by the one rule the
 * server also applies (1 to 100, 0.01 steps, inside the chosen type's range, with the exact
 * "Value must be between ..." message); an optional past date.
 */
export function validateRecordForm(
  values: RecordMetricFormValues,
  type: MetricType | undefined,
): MetricFormErrors {
  return withoutEmpty({
    user_id: values.employee ? null : METRICS_TEXTS.userRequired,
    metric_type_id: values.metric_type_id ? null : METRICS_TEXTS.metricTypeRequired,
    value: checkMetricValue(parseValue(values.value), type ?? null),
    comment: checkComment(values.comment),
    created_at: checkBackfillDate(values.created_at, 'Date'),
  });
}

/**
 * The Edit form: the value by the same rule. A value left as it was need not fit a range
 * narrowed since it was recorded (docs/product-decisions.md), so only a changed value meets the
 * range.
 */
export function validateEditForm(
  values: EditMetricFormValues,
  metric: PerformanceMetric,
  type: MetricType | undefined,
): MetricFormErrors {
  const value = parseValue(values.value);
  const unchanged = value === metric.value;
  return withoutEmpty({
    value: checkMetricValue(value, unchanged ? null : (type ?? null)),
    comment: checkComment(values.comment),
  });
}

export function toRecordBody(values: RecordMetricFormValues): RecordMetricValueInput {
  const comment = values.comment.trim();
  const createdAt = values.created_at.trim();
  return {
    user_id: values.employee!.id,
    metric_type_id: Number(values.metric_type_id),
    value: parseValue(values.value) as number,
    ...(comment ? { comment } : {}),
    ...(createdAt ? { created_at: createdAt } : {}),
  };
}

export function toUpdateBody(
  values: EditMetricFormValues,
  metric: PerformanceMetric,
): UpdateMetricValueInput {
  return {
    metric_type_id: metric.metric_type_id,
    user_id: metric.user_id,
    value: parseValue(values.value) as number,
    comment: values.comment.trim() || null,
  };
}
