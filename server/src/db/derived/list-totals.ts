import type { Engine } from '../database';
import { disagreements } from './compare';
import { declare } from './declaration';
import { listTotalsPostgresChange } from './list-totals.postgres';
import { listTotalsSqliteChange } from './list-totals.sqlite';

const counted = `(select 'audit_entries' as name, count(*) as value from audit_entries
    union all select 'users', count(*) from users
    union all select 'users:' || user_type, count(*) from users group by user_type
    union all select 'questions', count(*) from questions
    union all select 'questions:answered', count(*) from questions where responded_at is not null
    union all select 'metric_values:type:' || metric_type_id, count(*) from performance_metrics
      group by metric_type_id)`;

/** The rebuild writes each total as one row (shard 0 on PostgreSQL, the column's default). */
const rebuild = [
  "delete from list_totals where name <> 'data_version'",
  `insert into list_totals (name, value) select name, value from ${counted} as t where value <> 0`,
];

/**
 * A total back at 0 stays as a row and means the same as none. On PostgreSQL a total is the sum
 * of its shards' rows (a row per backend's shard that wrote it, migration 0002).
 */
const check = (engine: Engine) =>
  disagreements(
    engine,
    'list_totals',
    {
      key: 'name',
      value: 'cast(sum(value) as text)',
      from: "from list_totals where name <> 'data_version' group by name having sum(value) <> 0",
    },
    { key: 'name', value: 'cast(value as text)', from: `from ${counted} as t where value <> 0` },
  );

/**
 * The totals list pages show (migration 0007): audit entries, accounts and accounts per role,
 * questions and answered questions, metric values per type. Its `data_version` row is the
 * data-version declaration's. On PostgreSQL each total is kept in up to 16 shard rows (0002): a
 * statement adds to its backend's shard (`pg_backend_pid() % 16`), so concurrent writers of one
 * total seldom wait for each other's row, and a reader sums the shards (ADR 30).
 */
export const listTotals = declare({
  name: 'list-totals',
  purpose: 'A list page shows its total without counting its whole table.',
  tables: { sqlite: ['list_totals'], postgres: ['list_totals'] },
  sources: ['audit_entries', 'users', 'questions', 'performance_metrics'],
  keptBy: 'the triggers of list-totals.sqlite.ts and list-totals.postgres.ts',
  change: {
    sqlite: listTotalsSqliteChange,
    postgres: listTotalsPostgresChange,
  },
  rebuild: { sqlite: rebuild, postgres: rebuild },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
});
