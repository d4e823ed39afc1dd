import type { CSSProperties } from 'react';
import classes from './email-text.module.css';

/**
 * An email address in a table cell: on one line, never broken mid-word (an address longer than
 * its column allows is cut with an ellipsis, whole in its title). On a phone's card it may wrap
 * before its "@", where style guides break addresses. Its text is unchanged.
 *
 * The two halves are spans rather than a <wbr>: Chromium breaks at a <wbr> even on a line that
 * must not wrap.
 */
export function EmailText({ email, maxWidth }: { email: string; maxWidth?: string | undefined }) {
  const at = email.lastIndexOf('@');
  // A custom property rather than an inline max-width: the phone's rule (the card's full width)
  // must still win over it.
  const style = maxWidth ? ({ '--email-max-width': maxWidth } as CSSProperties) : undefined;
  return (
    <span className={classes.email} title={email} style={style}>
      {at > 0 ? (
        <>
          <span className={classes.part}>{email.slice(0, at)}</span>
          <span className={classes.part}>{email.slice(at)}</span>
        </>
      ) : (
        email
      )}
    </span>
  );
}
