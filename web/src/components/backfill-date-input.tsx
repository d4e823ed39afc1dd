import { TextInput } from '@mantine/core';

/** Today as YYYY-MM-DD in the browser's time zone: the latest day a record can be dated. */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The problem with an optional backfill date (PRODUCT.md section 3), or null: blank means "now";
 * otherwise a real date that is not in the future. The server checks the same.
 */
export function checkBackfillDate(text: string, label: string, now = new Date()): string | null {
  const value = text.trim();
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    return `${label} must be a date`;
  }
  if (value < '1900-01-01') return `${label} must be from 1900 on`;
  if (value > todayIso(now)) return `${label} cannot be in the future`;
  return null;
}

export interface BackfillDateInputProps {
  /** e.g. "Recorded On" */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * An optional past date for a new record, so HR can backfill history; blank records it now.
 * Sent as `created_at` (YYYY-MM-DD, the start of that day in the server's time zone).
 */
export function BackfillDateInput({
  label,
  value,
  onChange,
  error,
  disabled,
}: BackfillDateInputProps) {
  return (
    <TextInput
      label={label}
      type="date"
      description="Optional: a past date to backfill history. Leave blank to record it now."
      max={todayIso()}
      min="1900-01-01"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}
