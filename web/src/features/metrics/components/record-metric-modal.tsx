import { Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MetricType } from '#contract/metric-types';
import { METRIC_VALUE_MAX, METRIC_VALUE_MIN } from '#contract/metric-value-rule';
import { TEXT_LIMITS } from '#contract/text-limits';
import { BackfillDateInput } from '../../../components/backfill-date-input';
import { EmployeePicker } from '../../../components/employee-picker';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { useRecordMetricValue } from '../api/record-metric-value';
import {
  applicableRange,
  describeAllowed,
  EMPTY_RECORD_FORM,
  METRIC_FORM_FIELDS,
  toRecordBody,
  STEP_HINT,
  validateRecordForm,
  VALUE_HINT,
  type MetricFormField,
  type RecordMetricFormValues,
} from '../metric-value-form';

export interface RecordMetricModalProps {
  opened: boolean;
  metricTypes: MetricType[];
  onClose: () => void;
  onRecorded?: () => void;
}

/**
 * The Add modal of /metrics: user, metric type, value, comment and an optional past date. The
 * value is checked against the chosen type's range before anything is sent; a failed save keeps
 * everything typed.
 */
export function RecordMetricModal({
  opened,
  metricTypes,
  onClose,
  onRecorded,
}: RecordMetricModalProps) {
  const [values, setValues] = useState<RecordMetricFormValues>(EMPTY_RECORD_FORM);
  const { errors, failure, clearErrors, submit } = useFormSubmission(
    fieldsNamed<MetricFormField>(METRIC_FORM_FIELDS),
  );
  const record = useRecordMetricValue();
  const busy = record.isPending;
  const type = metricTypes.find((candidate) => String(candidate.id) === values.metric_type_id);

  function change<K extends keyof RecordMetricFormValues>(
    key: K,
    field: MetricFormField,
    value: RecordMetricFormValues[K],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    // A new type changes which values fit, so its range error goes with it.
    if (key === 'metric_type_id') clearErrors(field, 'value');
    else clearErrors(field);
  }

  const save = () =>
    submit(validateRecordForm(values, type), async () => {
      await record.mutateAsync(toRecordBody(values));
      onRecorded?.();
      onClose();
    });

  const unit = type?.measurement_unit ?? '';
  const allowed = type ? applicableRange(type) : null;
  return (
    <FormModal
      opened={opened}
      title="Add Performance Metric"
      busy={busy}
      failure={failure}
      submitLabel="Add Metric"
      onSubmit={save}
      onClose={onClose}
    >
      <EmployeePicker
        label="User"
        placeholder="Search staff by name or email"
        required
        value={values.employee}
        onChange={(choice) => change('employee', 'user_id', choice)}
        error={errors.user_id}
        disabled={busy}
        data-autofocus
      />
      <Select
        label="Metric Type"
        placeholder="Choose a metric type"
        required
        searchable
        data={metricTypes.map((candidate) => ({
          value: String(candidate.id),
          label: candidate.metric_name,
        }))}
        value={values.metric_type_id || null}
        onChange={(id) => change('metric_type_id', 'metric_type_id', id ?? '')}
        description={type ? describeAllowed(type) : undefined}
        nothingFoundMessage="No metric types found"
        error={errors.metric_type_id}
        disabled={busy}
      />
      <TextInput
        label={unit ? `Value (${unit})` : 'Value'}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={allowed?.min ?? METRIC_VALUE_MIN}
        max={allowed?.max ?? METRIC_VALUE_MAX}
        required
        // With a type chosen its range is said once, above; the step is all that is left.
        description={type ? STEP_HINT : VALUE_HINT}
        value={values.value}
        onChange={(event) => change('value', 'value', event.currentTarget.value)}
        error={errors.value}
        disabled={busy}
      />
      <Textarea
        label="Comment"
        placeholder="Optional note about this value"
        rows={3}
        {...lengthHint(values.comment, TEXT_LIMITS.metricValue.comment)}
        value={values.comment}
        onChange={(event) => change('comment', 'comment', event.currentTarget.value)}
        error={errors.comment}
        disabled={busy}
      />
      <BackfillDateInput
        label="Recorded On"
        value={values.created_at}
        onChange={(value) => change('created_at', 'created_at', value)}
        error={errors.created_at}
        disabled={busy}
      />
    </FormModal>
  );
}
