import { Autocomplete, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MetricType } from '#contract/metric-types';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { useCreateMetricType } from '../api/create-metric-type';
import { useMeasurementUnits } from '../api/list-measurement-units';
import { useUpdateMetricType } from '../api/update-metric-type';
import {
  EMPTY_METRIC_TYPE_FORM,
  LIMITS,
  metricTypeFormFrom,
  toMetricTypeBody,
  validateMetricTypeForm,
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

const FORM_FIELDS = fieldsNamed(Object.keys(EMPTY_METRIC_TYPE_FORM) as MetricTypeFormField[]);

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
  const { errors, failure, clearErrors, submit } = useFormSubmission(FORM_FIELDS);
  const units = useMeasurementUnits(opened);
  const create = useCreateMetricType();
  const update = useUpdateMetricType();
  const busy = create.isPending || update.isPending;

  const set = (field: MetricTypeFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The two bounds are checked together.
    if (field === 'maximum_value') clearErrors(field, 'minimum_value');
    else clearErrors(field);
  };
  const text = (field: MetricTypeFormField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field)(event.currentTarget.value),
    error: errors[field],
    disabled: busy,
  });

  const save = () =>
    submit(validateMetricTypeForm(values), async () => {
      const body = toMetricTypeBody(values);
      const saved = metricType
        ? await update.mutateAsync({ id: metricType.id, body })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    });

  return (
    <FormModal
      opened={opened}
      title={mode === 'add' ? 'Add Metric Type' : 'Edit Metric Type'}
      busy={busy}
      failure={failure}
      submitLabel={mode === 'add' ? 'Add Metric Type' : 'Save Changes'}
      onSubmit={save}
      onClose={onClose}
    >
      <TextInput
        label="Metric Name"
        required
        {...lengthHint(values.metric_name, LIMITS.name)}
        autoComplete="off"
        {...text('metric_name')}
        data-autofocus
      />
      <Textarea
        label="Description"
        rows={3}
        {...lengthHint(values.description, LIMITS.description)}
        {...text('description')}
      />
      <Autocomplete
        label="Unit"
        placeholder="e.g. %, hours, points"
        {...lengthHint(
          values.measurement_unit,
          LIMITS.unit,
          'Choose a unit in use or type a new one',
        )}
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
    </FormModal>
  );
}
