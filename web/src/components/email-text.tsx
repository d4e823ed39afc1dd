import { Fragment } from 'react';

/**
 * An email address that may break before its "@" and its dots when its table column is short of
 * room (where style guides break addresses), so a list of long addresses does not push the row's
 * actions out of sight. Its text is unchanged.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[.@])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
