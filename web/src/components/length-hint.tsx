import type { ReactNode } from 'react';

/**
 * 4,012: thousands grouped as en-US writes them. By hand rather than toLocaleString (no Intl
 * formatter before the first paint) or format.ts (part of the frame's chunk, which the sign-in
 * page does not load): scripts/bundle-budget.test.ts.
 */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

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
  const count = `${grouped(length)}/${grouped(max)} characters`;
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
