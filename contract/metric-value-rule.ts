/**
 * The metric value rule of PRODUCT.md section 3 and SPEC.md section 5, written once for the
 * server and the form: a number from 1 to 100 in steps of 0.01, inside the metric type's own
 * minimum and maximum (null meaning unbounded). Kept free of zod so a form can use it cheaply.
 */

export const METRIC_VALUE_MIN = 1;
export const METRIC_VALUE_MAX = 100;

export const METRIC_VALUE_MESSAGES = {
  required: 'Value is required',
  notANumber: 'Value must be a number',
  outOfScale: `Value must be between ${METRIC_VALUE_MIN} and ${METRIC_VALUE_MAX}`,
  tooPrecise: 'Value must have at most two decimal places',
} as const;

/** A metric type's bounds as the API carries them. */
export interface MetricValueRange {
  minimum_value: number | null;
  maximum_value: number | null;
}

/** The exact message of SPEC.md section 5 for a value outside its type's range. */
export function valueRangeMessage(range: MetricValueRange): string {
  const min = range.minimum_value ?? 'no minimum';
  const max = range.maximum_value ?? 'no maximum';
  return `Value must be between ${min} and ${max}`;
}

/**
 * Whether a number has at most two decimal places as written. `String(n)` is the shortest
 * decimal that reads back as the same double, so 70.07 (stored as 70.0699999...) passes and
 * 12.345 does not, with no tolerance that could let 12.340000001 through.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (/e/i.test(text)) return Number.isInteger(value);
  const dot = text.indexOf('.');
  return dot === -1 || text.length - dot - 1 <= 2;
}

/**
 * The first rule a value breaks, as the message to show, or null when it is acceptable. Without
 * a range only the 1 to 100 scale and the 0.01 step are checked.
 */
export function checkMetricValue(value: unknown, range?: MetricValueRange | null): string | null {
  if (value === undefined || value === null || value === '') return METRIC_VALUE_MESSAGES.required;
  if (typeof value !== 'number' || !Number.isFinite(value)) return METRIC_VALUE_MESSAGES.notANumber;
  if (value < METRIC_VALUE_MIN || value > METRIC_VALUE_MAX) return METRIC_VALUE_MESSAGES.outOfScale;
  if (!hasAtMostTwoDecimals(value)) return METRIC_VALUE_MESSAGES.tooPrecise;
  if (range) {
    const belowMinimum = range.minimum_value !== null && value < range.minimum_value;
    const aboveMaximum = range.maximum_value !== null && value > range.maximum_value;
    if (belowMinimum || aboveMaximum) return valueRangeMessage(range);
  }
  return null;
}

/** The stored form of a value that passed `checkMetricValue`: whole hundredths. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** The API form of a stored value. */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}
