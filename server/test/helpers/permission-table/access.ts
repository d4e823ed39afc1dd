// What the permission rows share: the statuses per access level and shorthands for requests.

// PRODUCT.md section 4, one constant per line of its table (success statuses per route).
const anyone = (ok = 200) => ({ anonymous: ok, employee: ok, manager: ok, admin: ok });
const signedIn = (ok = 200) => ({ anonymous: 401, employee: ok, manager: ok, admin: ok });
const hr = (ok = 200) => ({ anonymous: 401, employee: 403, manager: ok, admin: ok });
const adminOnly = (ok = 200) => ({ anonymous: 401, employee: 403, manager: 403, admin: ok });

const FORBIDDEN = 403;

/** The other employee's own id in a URL, for rows whose refusal is the same for any id. */
const at = (url: string) => async () => ({ url });

/** An import body: the CSV lines, all or nothing. */
const csvImport = (...lines: string[]) => ({ csv: lines.join('\r\n'), mode: 'all_or_nothing' });

export { adminOnly, anyone, at, csvImport, FORBIDDEN, hr, signedIn };
