import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MetricType } from '#contract/metric-types';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { ErrorBanner } from '../../../components/error-banner';
import { employeeNameOf, metricNameOf, unitOf } from '../../../components/performance-format';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useUpdateMetricValue } from '../api/update-metric-value';
import {
  describeRange,
  METRIC_FORM_FIELDS,
  toUpdateBody,
  validateEditForm,
  VALUE_HINT,
  type EditMetricFormValues,
  type MetricFormErrors,
  type MetricFormField,
} from '../metric-value-form';

export interface EditMetricModalProps {
  metric: PerformanceMetric;
  /** The value's type with its current range, when known. */
  metricType: MetricType | undefined;
  onClose: () => void;
}

/**
 * The Edit modal of /metrics (SPEC.md section 2): the user, metric type and units are shown
 * read-only; only the value and its comment change.
 */
export function EditMetricModal({ metric, metricType, onClose }: EditMetricModalProps) {
  const [values, setValues] = useState<EditMetricFormValues>({
    value: String(metric.value),
    comment: metric.comment ?? '',
  });
  const [errors, setErrors] = useState<MetricFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateMetricValue();
  const busy = update.isPending;

  function change(field: keyof EditMetricFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateEditForm(values, metric, metricType);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await update.mutateAsync({ id: metric.id, body: toUpdateBody(values, metric) });
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

  const unit = unitOf(metric);
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title="Edit Performance Metric"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
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
            min={1}
            max={100}
            required
            description={
              metricType ? `${VALUE_HINT}; allowed: ${describeRange(metricType)}` : VALUE_HINT
            }
            value={values.value}
            onChange={(event) => change('value', event.currentTarget.value)}
            error={errors.value}
            disabled={busy}
            data-autofocus
          />
          <Textarea
            label="Comment"
            rows={3}
            maxLength={2000}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
