import { Select, Stack, Text } from '@mantine/core';
import { fullName } from '../lib/format';

/** What a picker needs to know of an employee. */
export interface EmployeeChoice {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface EmployeeSelectProps {
  /** A visible label (forms); filters give `ariaLabel` instead. */
  label?: string;
  ariaLabel?: string;
  placeholder: string;
  value: EmployeeChoice | null;
  onChange: (choice: EmployeeChoice | null) => void;
  /** The text typed in the box; the caller searches the server with it. */
  search: string;
  onSearchChange: (text: string) => void;
  /** What the server found for the search. */
  found: EmployeeChoice[];
  searching: boolean;
  failed: boolean;
  required?: boolean;
  clearable?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  'data-autofocus'?: boolean;
}

/**
 * Draws a picker's option as its name with a quieter line beneath (an email, a post), which
 * tells apart two people of the same name. For Mantine's `renderOption`.
 */
export function optionWithDetail(detailOf: (value: string) => string | undefined) {
  function OptionWithDetail({ option }: { option: { value: string; label: string } }) {
    const detail = detailOf(option.value);
    return (
      <Stack gap={0}>
        <Text size="sm">{option.label}</Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    );
  }
  return OptionWithDetail;
}

/** The text a chosen employee shows in the box. */
export function employeeChoiceLabel(choice: EmployeeChoice): string {
  return fullName(choice.first_name, choice.last_name) || choice.email;
}

/**
 * A searchable select of employees whose options come from a server search (the caller's
 * query), so anyone among 10,000 people can be chosen without loading them all. Each option
 * shows the name with the email beneath, which tells apart two people of the same name.
 */
export function EmployeeSelect({
  label,
  ariaLabel,
  placeholder,
  value,
  onChange,
  search,
  onSearchChange,
  found,
  searching,
  failed,
  required,
  clearable,
  error,
  disabled,
  ...rest
}: EmployeeSelectProps) {
  const choices = new Map(found.map((choice) => [String(choice.id), choice]));
  if (value) choices.set(String(value.id), value);
  const options = [...choices.values()].map((choice) => ({
    value: String(choice.id),
    label: employeeChoiceLabel(choice),
  }));

  return (
    <Select
      label={label}
      aria-label={label ? undefined : ariaLabel}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      required={required}
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (choices.get(id) ?? null) : null)}
      searchValue={search}
      onSearchChange={onSearchChange}
      // The server has already filtered by the search text (name, email, position).
      filter={({ options: all }) => all}
      nothingFoundMessage={
        failed ? 'Could not load employees' : searching ? 'Searching...' : 'No employees found'
      }
      renderOption={optionWithDetail((id) => choices.get(id)?.email)}
      error={error}
      disabled={disabled}
      {...rest}
    />
  );
}
