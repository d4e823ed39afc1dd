import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { BENCH_DATABASE_URL } from './databases';

/** What the figures were measured on: they mean little without it. */
export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  sqlite: string;
  postgres: string | null;
  commit: string;
  chromium: string | null;
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? process.platform;
  } catch {
    return process.platform;
  }
}

function quiet(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0]!;
  } catch {
    return null;
  }
}

export async function describeMachine(chromiumPath: string | null): Promise<Machine> {
  const memory = new SQLite(':memory:');
  const sqlite = (memory.prepare('select sqlite_version() as v').get() as { v: string }).v;
  memory.close();
  let postgres: string | null = null;
  try {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await client.connect();
    postgres = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    await client.end();
  } catch {
    postgres = null;
  }
  const status = quiet('git', ['status', '--porcelain']);
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: osName(),
    node: process.version,
    sqlite,
    postgres,
    commit: `${quiet('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown'}${status ? ' (with local changes)' : ''}`,
    chromium: chromiumPath ? quiet(chromiumPath, ['--version']) : null,
  };
}

export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
}
