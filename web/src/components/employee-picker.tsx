import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { EmployeeSelect, employeeChoiceLabel, type EmployeeSelectProps } from './employee-select';
import { useEmployeeSearch } from './employee-search';

export type EmployeePickerProps = Omit<
  EmployeeSelectProps,
  'search' | 'onSearchChange' | 'found' | 'searching' | 'failed'
>;

/** The employee select, searching the server as the person types (250 ms after they stop). */
export function EmployeePicker(props: EmployeePickerProps) {
  const selectedLabel = props.value ? employeeChoiceLabel(props.value) : '';
  const [search, setSearch] = useState(selectedLabel);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once someone is chosen the box shows their name: offer everyone again, not only them.
  const term = debounced === selectedLabel ? '' : debounced;
  const choices = useEmployeeSearch(term);
  return (
    <EmployeeSelect
      {...props}
      search={search}
      onSearchChange={setSearch}
      found={choices.data ?? []}
      searching={choices.isFetching}
      failed={choices.isError}
    />
  );
}
