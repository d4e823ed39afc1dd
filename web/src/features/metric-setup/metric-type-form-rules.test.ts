import { describe, expect, it } from 'vitest';
import { METRIC_TYPE_MESSAGES, metricTypeBodySchema } from '#contract/metric-types';
import {
  EMPTY_METRIC_TYPE_FORM,
  formatBound,
  METRIC_TYPE_TEXTS,
  toMetricTypeBody,
  validateMetricTypeForm,
  type MetricTypeFormValues,
} from './metric-type-form-rules';

const form = (changes: Partial<MetricTypeFormValues>): MetricTypeFormValues => ({
  ...EMPTY_METRIC_TYPE_FORM,
  metric_name: 'Attendance',
  ...changes,
});

/** The contract schema's first message per field, for the same input. */
function serverErrors(values: MetricTypeFormValues): Record<string, string> {
  const result = metricTypeBodySchema.safeParse({
    metric_name: values.metric_name,
    description: values.description,
    measurement_unit: values.measurement_unit,
    minimum_value: values.minimum_value,
    maximum_value: values.maximum_value,
  });
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('metric type form rules', () => {
  it.each([
    form({}),
    form({ metric_name: '   ' }),
    form({ metric_name: 'x'.repeat(101) }),
    form({ measurement_unit: 'u'.repeat(31) }),
    form({ description: 'd'.repeat(2001) }),
    form({ minimum_value: '-1' }),
    form({ maximum_value: '2000000' }),
    form({ minimum_value: '60', maximum_value: '50' }),
    form({ minimum_value: '0', maximum_value: '0' }),
    form({ minimum_value: '1.5', maximum_value: '' }),
    form({ minimum_value: '', maximum_value: '100' }),
  ])('agree with the contract schema (%#)', (values) => {
    expect(validateMetricTypeForm(values)).toEqual(serverErrors(values));
  });

  it('use the contract’s words for a minimum above the maximum', () => {
    expect(METRIC_TYPE_TEXTS.minimumAboveMaximum).toBe(METRIC_TYPE_MESSAGES.minimumAboveMaximum);
  });

  it('send empty bounds as null and blank texts as null', () => {
    expect(toMetricTypeBody(form({ metric_name: ' Quality ', minimum_value: '5' }))).toEqual({
      metric_name: 'Quality',
      description: null,
      measurement_unit: null,
      minimum_value: 5,
      maximum_value: null,
    });
  });

  it('show an empty bound as N/A', () => {
    expect(formatBound(null)).toBe('N/A');
    expect(formatBound(0)).toBe('0');
  });
});
