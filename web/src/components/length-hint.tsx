import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format';

/** From this share of a field's limit on, the field counts its characters under it. */
const COUNT_FROM = 0.8;

export interface LengthHintProps {
  maxLength: number;
  description: ReactNode;
}

/**
 * A text field's limit as people type: the browser takes no more than `max` characters (as the
 * server, which would refuse more), and from 80% of it the field's description counts them,
 * "4,012/5,000 characters", so a paste that was cut or keys that stopped working are explained.
 * Spread onto a Mantine TextInput, Textarea, PasswordInput or Autocomplete, with the field's
 * own description, if any, kept before the count. The description is tied to the field
 * (aria-describedby), so a screen reader reads the count with it.
 */
export function lengthHint(value: string, max: number, description?: ReactNode): LengthHintProps {
  const length = value.length;
  if (length < Math.ceil(max * COUNT_FROM)) return { maxLength: max, description };
  const count = `${formatNumber(length)}/${formatNumber(max)} characters`;
  const hint = length >= max ? `${count}: the limit` : count;
  return {
    maxLength: max,
    description: description ? (
      <>
        {description} · {hint}
      </>
    ) : (
      hint
    ),
  };
}
