import { z } from 'zod';
import { backfillDateField } from './backfill-date';
import { pageQuerySchema, paginationSchema } from './envelope';
import { optionalText, timestampSchema } from './fields';
import { checkMetricValue, METRIC_VALUE_MESSAGES } from './metric-value-rule';
import { FIELD_LABELS, METRIC_VALUE_DATE_LABEL } from './field-labels';
import { cursorPaginationSchema, pageCursorQuery } from './page-cursor';
import { optionalIdFilter, referenceId } from './reference-field';

/** The date field's label, as the record form shows it ("Recorded On"), in every message of it. */
export { METRIC_VALUE_DATE_LABEL };

export const PERFORMANCE_METRIC_MESSAGES = {
  metricTypeNotFound: 'Metric type not found',
  employeeNotFound: 'Employee not found',
  metricNotFound: 'Performance metric not found',
  metricTypeIsFixed:
    'The metric type cannot be changed: delete this value and record a new one instead',
  userIsFixed: 'The user cannot be changed: delete this value and record a new one instead',
  recorded: 'Performance metric recorded successfully',
  updated: 'Performance metric updated successfully',
  deleted: 'Performance metric deleted successfully',
} as const;

/**
 * A value on the 1 to 100 scale in steps of 0.01 (metric-value-rule.ts). The metric type's own
 * range needs the type, so the service checks it with the same function.
 */
export const metricValueField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? METRIC_VALUE_MESSAGES.required
        : METRIC_VALUE_MESSAGES.notANumber,
  })
  .superRefine((value, ctx) => {
    const problem = checkMetricValue(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('1 to 100 in steps of 0.01, inside the metric type minimum and maximum');

export const recordMetricValueBodySchema = z.object({
  metric_type_id: referenceId(FIELD_LABELS.metric_type_id),
  user_id: referenceId(FIELD_LABELS.user_id).describe('The employee id'),
  value: metricValueField,
  comment: optionalText(FIELD_LABELS.comment, 2000),
  created_at: backfillDateField(METRIC_VALUE_DATE_LABEL),
});
export type RecordMetricValueBody = z.infer<typeof recordMetricValueBodySchema>;

/**
 * PUT changes the value and the comment (an absent comment clears it). SPEC.md's form also sends
 * `metric_type_id` and `user_id`; they must equal the stored ones.
 */
export const updateMetricValueBodySchema = z.object({
  metric_type_id: referenceId(FIELD_LABELS.metric_type_id).optional(),
  user_id: referenceId(FIELD_LABELS.user_id).optional(),
  value: metricValueField,
  comment: optionalText(FIELD_LABELS.comment, 2000),
});
export type UpdateMetricValueBody = z.infer<typeof updateMetricValueBodySchema>;

/** One value, enriched with its type and its employee as every screen shows them. */
export const performanceMetricSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().describe('The employee id'),
  metric_type_id: z.number().int(),
  value: z.number(),
  comment: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  metric_name: z.string(),
  metric_type_name: z.string().describe('The same as metric_name'),
  measurement_unit: z.string().nullable(),
  unit: z.string().nullable().describe('The same as measurement_unit'),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

export const performanceMetricListQuerySchema = pageQuerySchema.extend({
  user_id: optionalIdFilter('user_id'),
  metric_type_id: optionalIdFilter('metric_type_id'),
  cursor: pageCursorQuery,
});
export type PerformanceMetricListQuery = z.infer<typeof performanceMetricListQuerySchema>;

export const performanceMetricListSchema = z.object({
  performance_metrics: z.array(performanceMetricSchema),
  pagination: paginationSchema,
});
export type PerformanceMetricList = z.infer<typeof performanceMetricListSchema>;

/** `GET /api/performance-metrics`: a list that also pages by cursor (page-cursor.ts). */
export const performanceMetricCursorListSchema = performanceMetricListSchema.extend({
  pagination: cursorPaginationSchema,
});
export type PerformanceMetricCursorList = z.infer<typeof performanceMetricCursorListSchema>;

export const performanceMetricResultSchema = z.object({
  performance_metric: performanceMetricSchema,
});
