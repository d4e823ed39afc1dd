import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'leftSection'
> {
  value: string;
  /** The text as typed; the caller debounces it before asking the server. */
  onChange: (text: string) => void;
}

/** A search box with the magnifier; label it (`label` or `aria-label`) by what it searches. */
export function SearchInput({ value, onChange, ...props }: SearchInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
