import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PLANNED_ONCE } from '../../db/prepared-statements';
import { isPostgres } from '../../db/dialect';
import { lowerContainsPattern } from '../../db/like';
import { perDatabase } from '../../db/remembered-counts';
import type { DB } from '../../db/schema';
import { ftsPhrase, needle } from '../../db/text-search';

/**
 * Exact totals of an audit search, counted once and then kept up to date by counting only the
 * newer entries. Counting a common term costs in proportion to its matches (a term in a fifth of
 * a full trail means tens of thousands, from SQLite's trigram table or PostgreSQL's GIN
 * indexes), for every page and again after any write. But audit entries are only appended
 * (nothing in the product updates or deletes one), so the matches among the entries with an id
 * up to some `maxId` are fixed once all of those entries are committed: a later total is the
 * remembered one plus the matches above `maxId`, a short range of the newest entries.
 *
 * "Once all are committed" is what each later check confirms, in the same statement (one
 * snapshot) as its count: the entries with an id up to `maxId` are exactly as many as when they
 * were counted (total entries, kept by triggers in 0007, minus those above `maxId`). On
 * PostgreSQL a transaction can commit an entry after a later id is visible (ids are handed out
 * before commit); that entry then changes this number and the term is counted afresh. So would
 * a deleted entry, and a rebuilt table (its storage id changes; its ids restart).
 */

interface Remembered {
  matches: number;
  maxId: number;
  /** Entries with an id up to maxId when counted. */
  upToMaxId: number;
  storage: string;
}

interface CountRow {
  matches: number | string;
  max_id: number | string | null;
  entries: number | string | null;
  above: number | string;
  storage: number | string;
}

const REMEMBERED_TERMS = 256;
const remembered = new WeakMap<Kysely<DB>, Map<string, Remembered>>();
/** First counts under way, by term. */
const underway = new WeakMap<Kysely<DB>, Map<string, Promise<AuditSearchCount>>>();

/** The search's pattern is lowered by JavaScript (lowerContainsPattern); so is the needle. */
const FOLDING = 'unicode';

export interface AuditSearchCount {
  matches: number;
  /** All the entries there are, in the same snapshot: how dense the matches are. */
  entries: number;
}

/**
 * How many entries match `text`. On SQLite only for a text the trigram table serves (3
 * characters or more; the caller checks), on PostgreSQL for any.
 */

export async function countAuditMatches(db: Kysely<DB>, text: string): Promise<AuditSearchCount> {
  const terms = perDatabase(remembered, db);
  const known = terms.get(text);
  if (!known) return countOnce(db, text);
  const row = await countAbove(db, text, known.maxId);
  const entries = Number(row.entries ?? 0);
  if (String(row.storage) !== known.storage || entries - Number(row.above) !== known.upToMaxId) {
    terms.delete(text);
    return countAuditMatches(db, text);
  }
  return remember(terms, text, row, known.matches);
}

/**
 * A term counted from scratch, once however many ask for it meanwhile: after a restart or a
 * busy search, 50 administrators asking at once made 49 PostgreSQL processes each count the
 * same matches, each many times slower while they competed than alone. Whoever joins a count
 * under way then brings it up to date (a recheck in a snapshot of its own), so an entry
 * committed after that count started is not missed; a failed count fails its joiners too.
 */
async function countOnce(db: Kysely<DB>, text: string): Promise<AuditSearchCount> {
  const counts = perDatabase(underway, db);
  const counting = counts.get(text);
  if (counting) {
    await counting;
    return countAuditMatches(db, text);
  }
  const terms = perDatabase(remembered, db);
  const counted = countAbove(db, text, undefined).then((row) => remember(terms, text, row, 0));
  counts.set(text, counted);
  try {
    return await counted;
  } finally {
    counts.delete(text);
  }
}

/** Remembers the matches up to the newest entry the count saw, and answers them. */
function remember(
  terms: Map<string, Remembered>,
  text: string,
  row: CountRow,
  before: number,
): AuditSearchCount {
  const matches = before + Number(row.matches);
  // Counted afresh, every entry is up to max_id; rechecked, the new ones are too.
  const upToMaxId = Number(row.entries ?? 0);
  terms.delete(text); // set again last: the map's order is the order of use
  terms.set(text, {
    matches,
    maxId: Number(row.max_id ?? 0),
    upToMaxId,
    storage: String(row.storage),
  });
  if (terms.size > REMEMBERED_TERMS) terms.delete(terms.keys().next().value!);
  return { matches, entries: upToMaxId };
}

/**
 * Matches above `after` (all when undefined), with what the check needs, in one snapshot. A
 * first count asks the index (SQLite's trigram table, PostgreSQL's GIN indexes); a recheck tests
 * the few entries above `after` with the LIKE itself, in id order. On SQLite that also spares
 * the trigram table: bounded by rowid, its phrase query still sought each trigram in each of the
 * table's segments even with no new entry at all, where the range costs next to nothing.
 */
async function countAbove(db: Kysely<DB>, text: string, after: number | undefined) {
  const postgres = isPostgres(db);
  // cast: SQLite gets a JavaScript number as a real; the ids are integers.
  const bound = postgres ? sql`${after ?? 0}::int` : sql`cast(${after ?? 0} as integer)`;
  const pattern = lowerContainsPattern(text);
  const like = sql`(lower(name) like ${pattern} escape '\\'
    or lower(description) like ${pattern} escape '\\')`;
  let matches: RawBuilder<unknown>;
  if (after !== undefined) {
    // The id range first: a few new entries, not the indexes' every match (PostgreSQL's planner
    // is kept from the GIN indexes by the `offset 0` fence).
    matches = postgres
      ? sql`(select count(*) from (select name, description from audit_entries
          where id > ${bound} order by id offset 0) as newer where ${like})`
      : sql`(select count(*) from audit_entries where id > ${bound} and ${like})`;
  } else if (postgres) {
    matches = sql`(select count(*) from audit_entries where ${like})`;
  } else {
    const phrase = ftsPhrase(needle(text, FOLDING));
    matches = sql`(select count(*) from audit_entries_text where audit_entries_text match ${phrase})`;
  }
  const storage = postgres
    ? sql`(select relfilenode from pg_class where oid = 'audit_entries'::regclass)`
    : sql`(select schema_version from pragma_schema_version)`;
  const above =
    after === undefined ? sql`0` : sql`(select count(*) from audit_entries where id > ${bound})`;
  // A recheck reads the id range alike whatever the term: planned once. A first count is
  // planned for its term (the GIN indexes, or every entry for a term most entries hold).
  const plan = sql.raw(after === undefined ? '' : PLANNED_ONCE);
  const { rows } = await sql<CountRow>`${plan} select ${matches} as matches,
      (select max(id) from audit_entries) as max_id,
      (select cast(sum(value) as bigint) from list_totals where name = 'audit_entries') as entries,
      ${above} as above, ${storage} as storage`.execute(db);
  return rows[0]!;
}
