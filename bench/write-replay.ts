/**
 * What the write-cost replays (write-costs.ts) send for one recorded metric value: its
 * parameters, its audit entry's values, and the CPU clocks they are measured by.
 */
import { readFileSync } from 'node:fs';

/** The audit entry's after_json, as long as a real one. */
const AFTER = JSON.stringify({
  id: 1,
  user_id: 1,
  metric_type_id: 1,
  value: 42.5,
  comment: 'Recorded by the benchmark',
  created_at: '2026-12-02T02:00:00.000Z',
  updated_at: '2026-12-02T02:00:00.000Z',
  metric_name: 'Customer Satisfaction',
  metric_type_name: 'Customer Satisfaction',
  measurement_unit: '%',
  unit: '%',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
});

/** One write's parameters: employee, type, hundredths, now, month. */
export function params(n: number) {
  const now = new Date(Date.now() + n).toISOString();
  return {
    user: 1 + ((n * 7919) % 1000),
    type: 1 + (n % 50),
    hundredths: 100 + ((n * 37) % 9900),
    now,
    month: now.slice(0, 7),
  };
}

export type WriteParams = ReturnType<typeof params>;

/** The audit entry's eleven values, in the order of its insert's columns. */
export function auditValues(p: WriteParams, manager: number, id: number) {
  return [
    'Performance Metric Recorded',
    `Recorded Customer Satisfaction ${p.hundredths / 100}% for Employee ${p.user} (e${p.user}@example.org)`,
    manager,
    'bench.manager@example.org',
    '127.0.0.1',
    'performance_metric',
    id,
    null,
    AFTER,
    p.now,
    p.now,
  ];
}

/** A process's CPU (user and system) in microseconds, from `/proc` (10 ms ticks). */
export function cpuOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000;
}
/** This process's CPU in microseconds. */
export const selfCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
