import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MetricType } from '#contract/metric-types';
import { METRIC_VALUE_MAX, METRIC_VALUE_MIN } from '#contract/metric-value-rule';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { TEXT_LIMITS } from '#contract/text-limits';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { employeeNameOf, metricNameOf, unitOf } from '../../../components/performance-format';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { formatDateTime } from '../../../lib/format';
import { useUpdateMetricValue } from '../api/update-metric-value';
import {
  applicableRange,
  describeAllowed,
  METRIC_FORM_FIELDS,
  toUpdateBody,
  validateEditForm,
  VALUE_HINT,
  type EditMetricFormValues,
  type MetricFormField,
} from '../metric-value-form';

export interface EditMetricModalProps {
  metric: PerformanceMetric;
  /** The value's type with its current range, when known. */
  metricType: MetricType | undefined;
  onClose: () => void;
  /** After a save went through, with the value as saved. */
  onSaved?: (metric: PerformanceMetric) => void;
}

/**
 * The Edit modal of /metrics (SPEC.md section 2): the user, metric type and units are shown
 * read-only; only the value and its comment change.
 */
export function EditMetricModal({ metric, metricType, onClose, onSaved }: EditMetricModalProps) {
  const [values, setValues] = useState<EditMetricFormValues>({
    value: String(metric.value),
    comment: metric.comment ?? '',
  });
  const { errors, failure, clearErrors, submit } = useFormSubmission(
    fieldsNamed<MetricFormField>(METRIC_FORM_FIELDS),
  );
  const update = useUpdateMetricValue();
  const busy = update.isPending;

  function change(field: keyof EditMetricFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  }

  const save = () =>
    submit(validateEditForm(values, metric, metricType), async () => {
      onSaved?.(await update.mutateAsync({ id: metric.id, body: toUpdateBody(values, metric) }));
      onClose();
    });

  const unit = unitOf(metric);
  const allowed = metricType ? applicableRange(metricType) : null;
  return (
    <FormModal
      opened
      title="Edit Performance Metric"
      busy={busy}
      failure={failure}
      submitLabel="Save Changes"
      onSubmit={save}
      onClose={onClose}
    >
      <TextInput
        label="User"
        value={`${employeeNameOf(metric)} (${metric.email})`}
        readOnly
        variant="filled"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Metric Type" value={metricNameOf(metric)} readOnly variant="filled" />
        <TextInput label="Units" value={unit || 'N/A'} readOnly variant="filled" />
      </SimpleGrid>
      <TextInput
        label={unit ? `Value (${unit})` : 'Value'}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={allowed?.min ?? METRIC_VALUE_MIN}
        max={allowed?.max ?? METRIC_VALUE_MAX}
        required
        description={metricType ? `${describeAllowed(metricType)}, in steps of 0.01` : VALUE_HINT}
        value={values.value}
        onChange={(event) => change('value', event.currentTarget.value)}
        error={errors.value}
        disabled={busy}
        data-autofocus
      />
      <Textarea
        label="Comment"
        rows={3}
        {...lengthHint(values.comment, TEXT_LIMITS.metricValue.comment)}
        value={values.comment}
        onChange={(event) => change('comment', event.currentTarget.value)}
        error={errors.comment}
        disabled={busy}
      />
      <TextInput
        label="Recorded"
        value={formatDateTime(metric.created_at)}
        readOnly
        variant="filled"
      />
    </FormModal>
  );
}
