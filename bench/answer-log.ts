import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';

/**
 * With BENCH_ANSWERS_DIR set, every answer of a load run is kept, one file a run in that folder,
 * a line an answer: when it was sent and when it was answered (ms since `started`, when the run
 * began), its latency, and its connection (numbered in the order they first answered). What such
 * a log showed once: the computed p99 on the 2-core machine is set by stretches in which no
 * connection is answered at all, not by slow routes or connections (docs/performance-log.md,
 * "Where the computed tail comes from").
 */
export function answerLog(
  instance: ReturnType<typeof autocannon>,
  label: string,
  started: number,
): { save(): void } | null {
  const folder = process.env.BENCH_ANSWERS_DIR;
  if (!folder) return null;
  const connections = new Map<unknown, number>();
  const lines = [
    `# ${label}, ${new Date().toISOString()}: sent_ms answered_ms latency_ms connection`,
  ];
  instance.on('response', (client, _status, _bytes, latency) => {
    if (!connections.has(client)) connections.set(client, connections.size);
    const answered = performance.now() - started;
    lines.push(
      [answered - latency, answered, latency].map((ms) => ms.toFixed(2)).join(' ') +
        ` ${connections.get(client)}`,
    );
  });
  return {
    save() {
      mkdirSync(folder, { recursive: true });
      const name = `${Date.now()}-${label.replace(/[^a-z0-9]+/gi, '_').slice(0, 80)}.txt`;
      writeFileSync(path.join(folder, name), `${lines.join('\n')}\n`);
    },
  };
}
