import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { optionWithDetail } from '../../../components/employee-select';
import { useEmployees } from '../api/list-employees';

export interface ManagerSelectProps {
  /** The manager's employee id as text; '' for none. */
  value: string;
  /** The manager's name, shown even before the search brings them back. */
  valueLabel: string;
  onChange: (id: string, name: string) => void;
  /** The employee being edited, who cannot manage themselves. */
  excludeId?: number;
  error?: string;
  disabled?: boolean;
}

interface ManagerOption {
  value: string;
  label: string;
  detail: string;
}

/** A searchable select of real staff, searched on the server so it works with 10,000 people. */
export function ManagerSelect({
  value,
  valueLabel,
  onChange,
  excludeId,
  error,
  disabled,
}: ManagerSelectProps) {
  const [search, setSearch] = useState(valueLabel);
  const [debounced] = useDebouncedValue(search, 250);
  // Once someone is chosen the box shows their name; list everyone rather than only them.
  const term = debounced.trim() === valueLabel ? '' : debounced.trim();
  const { data, isFetching, isError } = useEmployees({
    search: term || undefined,
    limit: 20,
    sort: 'last_name',
  });

  const options: ManagerOption[] = (data?.employees ?? [])
    .filter((employee) => employee.id !== excludeId)
    .map((employee) => ({
      value: String(employee.id),
      label: `${employee.first_name} ${employee.last_name}`,
      detail: `${employee.position} · ${employee.department}`,
    }));
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: valueLabel || `Employee #${value}`, detail: '' });
  }
  const details = new Map(options.map((option) => [option.value, option.detail]));

  return (
    <Select
      label="Manager"
      placeholder="Search staff by name"
      searchable
      clearable
      data={options}
      value={value || null}
      onChange={(id, option) => onChange(id ?? '', option?.label ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        isError ? 'Could not load staff' : isFetching ? 'Searching...' : 'No staff found'
      }
      renderOption={optionWithDetail((id) => details.get(id))}
      error={error}
      disabled={disabled}
    />
  );
}
