import {
  Autocomplete,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MetricType } from '#contract/metric-types';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateMetricType } from '../api/create-metric-type';
import { useMeasurementUnits } from '../api/list-measurement-units';
import { useUpdateMetricType } from '../api/update-metric-type';
import {
  EMPTY_METRIC_TYPE_FORM,
  LIMITS,
  metricTypeFormFrom,
  toMetricTypeBody,
  validateMetricTypeForm,
  type MetricTypeFormErrors,
  type MetricTypeFormField,
  type MetricTypeFormValues,
} from '../metric-type-form-rules';

export interface MetricTypeFormModalProps {
  opened: boolean;
  /** The type to edit; without one the modal adds a type. */
  metricType?: MetricType | null;
  onClose: () => void;
  onSaved?: (type: MetricType) => void;
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_METRIC_TYPE_FORM));

/** The Add and Edit modals of /metric-setup. A failed save keeps everything typed. */
export function MetricTypeFormModal({
  opened,
  metricType,
  onClose,
  onSaved,
}: MetricTypeFormModalProps) {
  const mode = metricType ? 'edit' : 'add';
  const [values, setValues] = useState<MetricTypeFormValues>(() =>
    metricType ? metricTypeFormFrom(metricType) : EMPTY_METRIC_TYPE_FORM,
  );
  const [errors, setErrors] = useState<MetricTypeFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const units = useMeasurementUnits(opened);
  const create = useCreateMetricType();
  const update = useUpdateMetricType();
  const busy = create.isPending || update.isPending;

  const set = (field: MetricTypeFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      // The two bounds are checked together.
      ...(field === 'maximum_value' ? { minimum_value: undefined } : {}),
    }));
  };
  const text = (field: MetricTypeFormField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field)(event.currentTarget.value),
    error: errors[field],
    disabled: busy,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateMetricTypeForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const body = toMetricTypeBody(values);
      const saved = metricType
        ? await update.mutateAsync({ id: metricType.id, body })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: MetricTypeFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if (FORM_FIELDS.has(field)) fromServer[field as MetricTypeFormField] = message;
        }
        setErrors(fromServer);
      }
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={mode === 'add' ? 'Add Metric Type' : 'Edit Metric Type'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
          <TextInput
            label="Metric Name"
            required
            maxLength={LIMITS.name}
            autoComplete="off"
            {...text('metric_name')}
            data-autofocus
          />
          <Textarea
            label="Description"
            rows={3}
            maxLength={LIMITS.description}
            {...text('description')}
          />
          <Autocomplete
            label="Unit"
            description="Choose a unit in use or type a new one"
            placeholder="e.g. %, hours, points"
            maxLength={LIMITS.unit}
            data={units.data ?? []}
            value={values.measurement_unit}
            onChange={set('measurement_unit')}
            error={errors.measurement_unit}
            disabled={busy}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Min Value"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              description="Empty for no minimum"
              {...text('minimum_value')}
            />
            <TextInput
              label="Max Value"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              description="Empty for no maximum"
              {...text('maximum_value')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {mode === 'add' ? 'Add Metric Type' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
