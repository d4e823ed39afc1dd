import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restoreSqlite, sqliteFileIn } from './backups';
import { restorePostgres } from './postgres-backups';

/**
 * `npm run restore -- <file> [--force]`: puts a backup made by `npm run backup` in place of the
 * configured database. Stop the server first: with SQLite the restore refuses while the database
 * is open; with PostgreSQL it refuses while other sessions are connected unless --force.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const [file] = args.filter((arg) => arg !== '--force');
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}

const config = loadConfig();
const backup = path.resolve(file);
try {
  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, backup, force);
    console.log(`Restored ${backup} into the PostgreSQL database.`);
  } else {
    const target = sqliteFileIn(config.DATA_DIR);
    const { previous } = restoreSqlite(backup, target, path.join(config.DATA_DIR, 'backups'));
    console.log(`Restored ${backup} to ${target}.`);
    if (previous) console.log(`The database it replaced is kept at ${previous}.`);
  }
  console.log('Start the server: it applies any newer migrations first.');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
