import type { MetricType } from '#contract/metric-types';
import { TEXT_LIMITS } from '#contract/text-limits';
import { formatNumber } from '../../lib/format';
import type { MetricTypeInput } from './api/create-metric-type';

/**
 * The metric type form's rules (SPEC.md section 5, docs/product-decisions.md), with the messages of
 * `contract/metric-types.ts`. Written out here so the screen does not load the schema library;
 * a test checks they agree with the contract's schema.
 */
export const METRIC_TYPE_TEXTS = {
  empty: 'No metric types found',
  loading: 'Loading metric types...',
  nameRequired: 'Metric name is required',
  minimumAboveMaximum: 'Minimum value cannot be greater than maximum value',
} as const;

/**
 * Why a type cannot be deleted, or null when it can: "In use by 1,204 values: cannot be
 * deleted". The server refuses to delete a type with values (409), so the list says so first.
 */
export function inUseReason(valueCount: number | undefined): string | null {
  if (!valueCount) return null;
  const values = valueCount === 1 ? 'value' : 'values';
  return `In use by ${formatNumber(valueCount)} ${values}: cannot be deleted`;
}

export const LIMITS = {
  name: TEXT_LIMITS.metricType.metric_name,
  description: TEXT_LIMITS.metricType.description,
  unit: TEXT_LIMITS.metricType.measurement_unit,
  bound: 1_000_000,
} as const;

export interface MetricTypeFormValues {
  metric_name: string;
  description: string;
  measurement_unit: string;
  minimum_value: string;
  maximum_value: string;
}
export type MetricTypeFormField = keyof MetricTypeFormValues;
export type MetricTypeFormErrors = Partial<Record<MetricTypeFormField, string>>;

export const EMPTY_METRIC_TYPE_FORM: MetricTypeFormValues = {
  metric_name: '',
  description: '',
  measurement_unit: '',
  minimum_value: '',
  maximum_value: '',
};

export function metricTypeFormFrom(type: MetricType): MetricTypeFormValues {
  return {
    metric_name: type.metric_name,
    description: type.description ?? '',
    measurement_unit: type.measurement_unit ?? '',
    minimum_value: type.minimum_value === null ? '' : String(type.minimum_value),
    maximum_value: type.maximum_value === null ? '' : String(type.maximum_value),
  };
}

/** A bound as typed: null when empty, a number, or NaN when it is not one. */
export function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
}

function checkBound(text: string, label: string): string | undefined {
  const bound = parseBound(text);
  if (bound === null) return undefined;
  if (Number.isNaN(bound)) return `${label} must be a number`;
  if (bound < 0) return `${label} must be at least 0`;
  if (bound > LIMITS.bound) return `${label} must be at most ${LIMITS.bound}`;
  return undefined;
}

function tooLong(text: string, max: number, label: string): string | undefined {
  return text.trim().length > max ? `${label} must be at most ${max} characters` : undefined;
}

/** Name required; unit and description optional; bounds empty or numbers from 0, min <= max. */
export function validateMetricTypeForm(values: MetricTypeFormValues): MetricTypeFormErrors {
  const errors: MetricTypeFormErrors = {
    metric_name: values.metric_name.trim()
      ? tooLong(values.metric_name, LIMITS.name, 'Metric name')
      : METRIC_TYPE_TEXTS.nameRequired,
    description: tooLong(values.description, LIMITS.description, 'Description'),
    measurement_unit: tooLong(values.measurement_unit, LIMITS.unit, 'Measurement unit'),
    minimum_value: checkBound(values.minimum_value, 'Minimum value'),
    maximum_value: checkBound(values.maximum_value, 'Maximum value'),
  };
  if (!errors.minimum_value && !errors.maximum_value) {
    const min = parseBound(values.minimum_value);
    const max = parseBound(values.maximum_value);
    if (min !== null && max !== null && min > max) {
      errors.minimum_value = METRIC_TYPE_TEXTS.minimumAboveMaximum;
    }
  }
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as MetricTypeFormErrors;
}

export function toMetricTypeBody(values: MetricTypeFormValues): MetricTypeInput {
  return {
    metric_name: values.metric_name.trim(),
    description: values.description.trim() || null,
    measurement_unit: values.measurement_unit.trim() || null,
    minimum_value: parseBound(values.minimum_value),
    maximum_value: parseBound(values.maximum_value),
  };
}

/** SPEC.md section 2: an empty bound shows as "N/A". */
export function formatBound(bound: number | null): string {
  return bound === null ? 'N/A' : String(bound);
}
