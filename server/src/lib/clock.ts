/** The current instant as the ISO string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** SQLite answers timestamps as strings and PostgreSQL as Dates; the API always sends ISO. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIso(value);
}
