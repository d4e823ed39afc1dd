import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, backupSqlite, defaultBackupPath, sqliteFileIn } from './backups';
import { backupPostgres } from './postgres-backups';

/**
 * `npm run backup [-- <file>]`: a consistent copy of the configured database, taken while the
 * server runs. Without a file name it goes to DATA_DIR/backups/spms-<time>.sqlite (SQLite) or
 * .dump (PostgreSQL, pg_dump's custom format).
 */
const config = loadConfig();
const engine = config.DATABASE_URL ? 'postgres' : 'sqlite';
const file = path.resolve(process.argv[2] ?? defaultBackupPath(config.DATA_DIR, engine));

try {
  const started = Date.now();
  if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, file);
  else await backupSqlite(sqliteFileIn(config.DATA_DIR), file);
  console.log(`Backup written to ${file} (${engine}, ${Date.now() - started} ms).`);
  console.log(`Restore it with: npm run restore -- ${file}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
