import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MetricType } from '#contract/metric-types';
import { BackfillDateInput } from '../../../components/backfill-date-input';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRecordMetricValue } from '../api/record-metric-value';
import {
  describeRange,
  EMPTY_RECORD_FORM,
  METRIC_FORM_FIELDS,
  toRecordBody,
  validateRecordForm,
  VALUE_HINT,
  type MetricFormErrors,
  type MetricFormField,
  type RecordMetricFormValues,
} from '../metric-value-form';
import { EmployeePicker } from './employee-picker';

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
  const [errors, setErrors] = useState<MetricFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
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
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      ...(key === 'metric_type_id' ? { value: undefined } : {}),
    }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateRecordForm(values, type);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await record.mutateAsync(toRecordBody(values));
      onRecorded?.();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: MetricFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if (METRIC_FORM_FIELDS.has(field)) fromServer[field as MetricFormField] = message;
        }
        setErrors(fromServer);
      }
    }
  }

  const unit = type?.measurement_unit ?? '';
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title="Add Performance Metric"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
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
            description={type ? `Allowed values: ${describeRange(type)}` : undefined}
            nothingFoundMessage="No metric types found"
            error={errors.metric_type_id}
            disabled={busy}
          />
          <TextInput
            label={unit ? `Value (${unit})` : 'Value'}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={1}
            max={100}
            required
            description={VALUE_HINT}
            value={values.value}
            onChange={(event) => change('value', 'value', event.currentTarget.value)}
            error={errors.value}
            disabled={busy}
          />
          <Textarea
            label="Comment"
            placeholder="Optional note about this value"
            rows={3}
            maxLength={2000}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add Metric
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
