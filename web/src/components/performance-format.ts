import { formatNumber, fullName } from '../lib/format';

/** SPEC.md section 8: the names shown when a record's employee or metric type is not known. */
export const UNKNOWN_EMPLOYEE = 'Unknown Employee';
export const UNKNOWN_METRIC = 'Unknown Metric';

/** A person's full name, or "Unknown Employee" when the record carries none. */
export function employeeNameOf(
  record: { first_name?: string | null; last_name?: string | null } | null | undefined,
): string {
  return fullName(record?.first_name, record?.last_name) || UNKNOWN_EMPLOYEE;
}

/** A metric value's type name (either spelling the API gives), or "Unknown Metric". */
export function metricNameOf(
  record: { metric_name?: string | null; metric_type_name?: string | null } | null | undefined,
): string {
  return (record?.metric_name || record?.metric_type_name || '').trim() || UNKNOWN_METRIC;
}

/** The unit of a metric value (either spelling the API gives), or '' when it has none. */
export function unitOf(
  record: { measurement_unit?: string | null; unit?: string | null } | null | undefined,
): string {
  return (record?.measurement_unit ?? record?.unit ?? '').trim();
}

/** A value with its unit: "72.5%", "12 hours", "3.25" (a percent sign needs no space). */
export function formatMetricValue(value: number, unit: string | null | undefined): string {
  const number = formatNumber(value, 2);
  const cleanUnit = (unit ?? '').trim();
  if (!cleanUnit) return number;
  return cleanUnit === '%' ? `${number}%` : `${number} ${cleanUnit}`;
}
