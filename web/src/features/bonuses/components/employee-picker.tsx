import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  EmployeeSelect,
  employeeChoiceLabel,
  type EmployeeSelectProps,
} from '../../../components/employee-select';
import { useEmployeeChoices } from '../api/search-employees';

export type EmployeePickerProps = Omit<
  EmployeeSelectProps,
  'search' | 'onSearchChange' | 'found' | 'searching' | 'failed'
>;

/** The shared employee select, searching this feature's employee query as the person types. */
export function EmployeePicker(props: EmployeePickerProps) {
  const selectedLabel = props.value ? employeeChoiceLabel(props.value) : '';
  const [search, setSearch] = useState(selectedLabel);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once someone is chosen the box shows their name: offer everyone again, not only them.
  const term = debounced === selectedLabel ? '' : debounced;
  const choices = useEmployeeChoices(term);
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
