import { readFileSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { bootstrapDatabase } from './db/seed/bootstrap';
import type { DemoAccount } from './db/seed/demo-data';
import { resolveJwtSecret } from './lib/secrets';
import { createTokenService } from './lib/tokens';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * How long the requests in flight get to finish once the server is told to stop; then their
 * connections are closed. Without it a client that stops sending (a half-sent body) or stops
 * reading (a paused export download) held the server up until Node's 5-minute request timeout,
 * or for ever, and with it every restart or deploy.
 */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * What closes every open connection at once. Node's HTTP/1.1 server has a call for it; its HTTP/2
 * server (with TLS_CERT_FILE) has none, so its TLS sockets are counted from the start.
 */
function connectionCloser(server: Server): () => void {
  const http1 = server as Server & { closeAllConnections?: () => void };
  if (typeof http1.closeAllConnections === 'function') return () => http1.closeAllConnections!();
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}

function printDemoAccounts(accounts: DemoAccount[]) {
  const lines = [
    'Demo data loaded. These accounts are shown once; change their passwords after signing in:',
    ...accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(36)} ${a.password}`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
}

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, 'spms.sqlite'),
  });
  const app = await buildApp({
    config,
    database,
    tokens: createTokenService(
      resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
      config.JWT_EXPIRES_IN,
    ),
    webRoot: path.join(projectRoot, 'web', 'dist'),
    tls:
      config.TLS_CERT_FILE && config.TLS_KEY_FILE
        ? { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) }
        : undefined,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });

  const ran = await migrateToLatest(database.db);
  app.log.info(
    { database: database.engine, location: database.location, migrations: ran },
    'database ready',
  );
  const { adminCreated, demo } = await bootstrapDatabase(database.db, config);
  if (adminCreated) app.log.info({ email: adminCreated }, 'administrator created from ADMIN_EMAIL');
  if (demo) printDemoAccounts(demo.accounts);
  if (!config.GOOGLE_CLIENT_ID) {
    app.log.info('Google sign-in is off: set GOOGLE_CLIENT_ID to show "Continue with Google"');
  }

  const closeAllConnections = connectionCloser(app.server);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const cutOff = setTimeout(() => {
      app.log.warn('requests still in flight after the shutdown grace: closing their connections');
      closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(cutOff);
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  console.log(
    `Staff Performance Management is running at ${config.TLS_CERT_FILE ? 'https' : 'http'}://${config.HOST}:${config.PORT}${config.BASE_PATH}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
