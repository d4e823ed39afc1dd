import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** `npm run migrate`: brings the configured database to the latest schema and says what ran. */
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  sqliteFile: path.join(config.DATA_DIR, 'spms.sqlite'),
});
try {
  const ran = await migrateToLatest(database.db);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'Already up to date.');
} finally {
  await database.close();
}
