import { z } from 'zod';
import { pageQuerySchema, paginationSchema, sortOrderSchema } from './envelope';
import { FIELD_LABELS } from './field-labels';
import { optionalText, requiredText, timestampSchema } from './fields';

/** Units offered even before any metric type uses them; `GET /api/metric-types/units` adds them. */
export const DEFAULT_MEASUREMENT_UNITS = ['%', 'hours', 'points', 'score'] as const;

export const METRIC_TYPE_MESSAGES = {
  minimumAboveMaximum: 'Minimum value cannot be greater than maximum value',
  duplicateName: (name: string) => `A metric type named ${name} already exists`,
  inUse: (name: string, count: number) =>
    `Cannot delete ${name}: it has ${count} recorded value${count === 1 ? '' : 's'}`,
  created: 'Metric type created successfully',
  updated: 'Metric type updated successfully',
  deleted: 'Metric type deleted successfully',
} as const;

/**
 * A bound of a metric type: a number of at least 0, or empty (absent, null or "") for unbounded.
 * Numeric strings are accepted because HTML number inputs hand their value over as text; an empty
 * input's value is "", so text of spaces alone is no number and no empty input either, and is
 * refused (Number would read it as 0).
 */
function boundField(label: string) {
  return z.preprocess(
    (input) => {
      if (typeof input !== 'string') return input;
      if (input === '') return null;
      const text = input.trim();
      return text !== '' && Number.isFinite(Number(text)) ? Number(text) : input;
    },
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be at least 0`)
      .max(1_000_000, `${label} must be at most 1000000`)
      .nullish()
      .transform((value) => value ?? null),
  );
}

/** The body of POST and PUT: PUT replaces every editable field (absent optional fields clear). */
export const metricTypeBodySchema = z
  .object({
    metric_name: requiredText(FIELD_LABELS.metric_name, 100),
    description: optionalText(FIELD_LABELS.description, 2000),
    measurement_unit: optionalText(FIELD_LABELS.measurement_unit, 30),
    minimum_value: boundField(FIELD_LABELS.minimum_value),
    maximum_value: boundField(FIELD_LABELS.maximum_value),
  })
  .superRefine((body, ctx) => {
    if (
      body.minimum_value !== null &&
      body.maximum_value !== null &&
      body.minimum_value > body.maximum_value
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['minimum_value'],
        message: METRIC_TYPE_MESSAGES.minimumAboveMaximum,
      });
    }
  });
export type MetricTypeBody = z.infer<typeof metricTypeBodySchema>;

export const metricTypeSchema = z.object({
  id: z.number().int(),
  metric_name: z.string(),
  description: z.string().nullable(),
  measurement_unit: z.string().nullable(),
  minimum_value: z.number().nullable(),
  maximum_value: z.number().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MetricType = z.infer<typeof metricTypeSchema>;

export const METRIC_TYPE_SORTS = ['metric_name', 'created_at', 'id'] as const;

export const metricTypeListQuerySchema = pageQuerySchema.extend({
  search: z
    .string({ error: 'search must be text' })
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional(),
  sort: z
    .enum(METRIC_TYPE_SORTS, { error: `sort must be one of ${METRIC_TYPE_SORTS.join(', ')}` })
    .default('metric_name'),
  order: sortOrderSchema.default('asc'),
});
export type MetricTypeListQuery = z.infer<typeof metricTypeListQuerySchema>;

/**
 * A type as the list shows it: with how many values are recorded against it, so Metric Setup
 * offers Delete only for a type without any (a type in use is refused, 409) and says why.
 */
export const metricTypeListItemSchema = metricTypeSchema.extend({
  value_count: z.number().int().min(0),
});
export type MetricTypeListItem = z.infer<typeof metricTypeListItemSchema>;

export const metricTypeListSchema = z.object({
  metric_types: z.array(metricTypeListItemSchema),
  pagination: paginationSchema,
});
export type MetricTypeList = z.infer<typeof metricTypeListSchema>;

export const metricTypeResultSchema = z.object({ metric_type: metricTypeSchema });

export const measurementUnitsSchema = z.object({ measurement_units: z.array(z.string()) });
export type MeasurementUnits = z.infer<typeof measurementUnitsSchema>;

export const deletedSchema = z.object({ id: z.number().int() });
