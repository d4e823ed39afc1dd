import type { Migration } from 'kysely';
import * as baseline from './0001_baseline';
import * as shardedTotals from './0002_sharded_totals';
import * as dataVersionAtCommit from './0003_data_version_at_commit';
import * as dropValueBuckets from './0004_drop_value_buckets';
import * as trigramSearch from './0005_trigram_search';

/**
 * Every migration in the order it runs. Append; never edit or reorder a released one. The
 * baseline stands for the 35 migrations before it (old-chain.ts).
 */
export const migrations: Record<string, Migration> = {
  '0001_baseline': baseline,
  '0002_sharded_totals': shardedTotals,
  '0003_data_version_at_commit': dataVersionAtCommit,
  '0004_drop_value_buckets': dropValueBuckets,
  '0005_trigram_search': trigramSearch,
};
