import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { optionWithDetail } from '../../../components/employee-select';
import { useEmployeeSearch } from '../../../components/employee-search';

export interface ChosenEmployee {
  id: number;
  name: string;
}

export interface EmployeeMultiSelectProps {
  value: ChosenEmployee[];
  onChange: (chosen: ChosenEmployee[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A searchable multi-select of real staff, searched on the server as the person types. The
 * chosen people stay listed (with their names) whatever the current search brings back.
 */
export function EmployeeMultiSelect({
  value,
  onChange,
  error,
  disabled,
}: EmployeeMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching, isError } = useEmployeeSearch(debounced, { enabled: !disabled });

  const details = new Map<string, string>();
  const options = new Map<string, string>();
  for (const chosen of value) options.set(String(chosen.id), chosen.name);
  for (const employee of data ?? []) {
    const id = String(employee.id);
    options.set(id, `${employee.first_name} ${employee.last_name}`);
    details.set(id, `${employee.email} · ${employee.position}, ${employee.department}`);
  }

  return (
    <MultiSelect
      label="Employees"
      placeholder={value.length ? undefined : 'Search staff by name or email'}
      searchable
      clearable
      hidePickedOptions
      data={[...options].map(([id, label]) => ({ value: id, label }))}
      value={value.map((chosen) => String(chosen.id))}
      onChange={(ids) =>
        onChange(ids.map((id) => ({ id: Number(id), name: options.get(id) ?? `#${id}` })))
      }
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
      comboboxProps={{ withinPortal: true }}
    />
  );
}
