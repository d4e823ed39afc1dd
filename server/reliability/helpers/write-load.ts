import type { ApiClient } from './api-client';
import type { Ledger, Tracked } from './ledger';

/**
 * A mixed read/write load from several concurrent clients, and a ledger of what the server
 * acknowledged (2xx), so a test can check afterwards that every acknowledged write is stored.
 *
 * Each client edits and deletes only records it created itself, so the expected final state of
 * every record is known; an operation that never got an answer (the server was killed under
 * it) leaves its record "pending": either outcome is then correct.
 */

export const DEPARTMENTS = [
  'CIT',
  'Electrical Engineering',
  'Civil Engineering',
  'Media Studies',
  'Commerce',
];

export interface Organisation {
  employeeIds: number[];
  typeIds: number[];
}

/** Staff and metric types to record against, created through the API. */
export async function setUpOrganisation(
  admin: ApiClient,
  { employees = 12, types = 3 } = {},
): Promise<Organisation> {
  const typeIds: number[] = [];
  for (let i = 0; i < types; i++) {
    const answer = await admin.call('POST', '/api/metric-types', {
      metric_name: `Load metric ${i} ${Date.now()}`,
      measurement_unit: '%',
    });
    if (answer.status !== 201) throw new Error(`metric type: ${JSON.stringify(answer.body)}`);
    typeIds.push(answer.body.data.metric_type.id);
  }
  const employeeIds: number[] = [];
  for (let i = 0; i < employees; i++) {
    const answer = await admin.call('POST', '/api/employees', employeeBody(`Base${i}`));
    if (answer.status !== 201) throw new Error(`employee: ${JSON.stringify(answer.body)}`);
    employeeIds.push(answer.body.data.employee.id);
  }
  return { employeeIds, typeIds };
}

let sequence = 0;
function employeeBody(tag: string) {
  sequence += 1;
  return {
    first_name: 'Load',
    last_name: `${tag}x${sequence}`,
    email: `load.${tag.toLowerCase()}.${sequence}.${process.pid}.${Date.now()}@example.com`,
    position: 'Lecturer',
    department: DEPARTMENTS[sequence % DEPARTMENTS.length],
    join_date: '2024-01-15',
    salary: 40_000 + sequence,
  };
}

export type Operation =
  | 'create-employee'
  | 'delete-employee'
  | 'record-metric'
  | 'edit-metric'
  | 'delete-metric'
  | 'award-bonus'
  | 'delete-bonus'
  | 'read';

export interface LoadOptions {
  /** One entry per concurrent client: the instances it may call (picked at random per request). */
  clients: ApiClient[][];
  organisation: Organisation;
  ledger: Ledger;
  mix: Partial<Record<Operation, number>>;
  /** Checked before each request. */
  stop(): boolean;
  /** Refusals that are fine under this load (e.g. 404 when concurrent clients delete staff). */
  allowedRefusals?: number[];
  /** Called after every acknowledged write (a test may kill the server from here). */
  onAcknowledged?(ledger: Ledger): void;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function weighted(mix: Partial<Record<Operation, number>>): Operation {
  const entries = Object.entries(mix) as [Operation, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [operation, weight] of entries) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return entries[0]![0];
}

const READS = [
  '/api/employees/rank?limit=20',
  '/api/hr/metrics',
  '/api/hr/charts',
  '/api/performance-metrics?limit=20',
  '/api/employees?limit=20',
  '/api/metrics/average?limit=20&sort=score&order=desc',
  '/api/bonuses?limit=20',
];

/** Runs the load until `stop()` says so or the server stops answering. */
export async function runWriteLoad(options: LoadOptions): Promise<void> {
  const { ledger, organisation } = options;
  const allowed = new Set(options.allowedRefusals ?? []);

  async function worker(owner: number, instances: ApiClient[]) {
    const own = <T>(map: Map<number, Tracked<T>>) =>
      [...map.entries()].filter(([, t]) => t.owner === owner && t.present && !t.pending);
    const knownEmployees = () => [
      ...organisation.employeeIds,
      ...[...ledger.employees.entries()].filter(([, t]) => t.present).map(([id]) => id),
    ];

    while (!options.stop()) {
      const api = pick(instances);
      const operation = weighted(options.mix);
      let request: { method: string; path: string; body?: unknown };
      let onSuccess: (data: Record<string, never>) => void = () => undefined;
      let settle: (answered: boolean, ok: boolean) => void = () => undefined;
      const track = <T>(tracked: Tracked<T>, next: { present: boolean; value: T }) => {
        tracked.pending = next;
        settle = (answered, ok) => {
          if (!answered) return;
          if (ok) Object.assign(tracked, next);
          tracked.pending = null;
        };
      };

      switch (operation) {
        case 'create-employee':
          request = { method: 'POST', path: '/api/employees', body: employeeBody(`C${owner}`) };
          onSuccess = (data: { employee?: { id: number } }) =>
            ledger.employees.set(data.employee!.id, {
              present: true,
              value: null,
              pending: null,
              createdAt: Date.now(),
              owner,
            });
          break;
        case 'record-metric': {
          const hundredths = 100 + Math.floor(Math.random() * 9901);
          const employeeId = pick(knownEmployees());
          const daysAgo = Math.random() < 0.3 ? Math.floor(Math.random() * 400) : 0;
          const body: Record<string, unknown> = {
            metric_type_id: pick(organisation.typeIds),
            user_id: employeeId,
            value: hundredths / 100,
          };
          if (daysAgo > 0) {
            body.created_at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
          }
          request = { method: 'POST', path: '/api/performance-metrics', body };
          onSuccess = (data: { performance_metric?: { id: number } }) =>
            ledger.metrics.set(data.performance_metric!.id, {
              present: true,
              value: { hundredths, employeeId },
              pending: null,
              createdAt: Date.now(),
              owner,
            });
          break;
        }
        case 'edit-metric':
        case 'delete-metric': {
          const mine = own(ledger.metrics);
          if (mine.length === 0) continue;
          const [id, tracked] = pick(mine);
          if (operation === 'edit-metric') {
            const hundredths = 100 + Math.floor(Math.random() * 9901);
            request = {
              method: 'PUT',
              path: `/api/performance-metrics/${id}`,
              body: { value: hundredths / 100 },
            };
            track(tracked, { present: true, value: { ...tracked.value, hundredths } });
          } else {
            request = { method: 'DELETE', path: `/api/performance-metrics/${id}` };
            track(tracked, { present: false, value: tracked.value });
          }
          break;
        }
        case 'award-bonus': {
          const employeeId = pick(knownEmployees());
          const name = `Load bonus ${owner}.${Math.random().toString(36).slice(2, 8)}`;
          request = {
            method: 'POST',
            path: '/api/bonuses',
            body: { employee_id: employeeId, bonus_name: name, description: 'Under load' },
          };
          onSuccess = (data: { bonus?: { id: number } }) =>
            ledger.bonuses.set(data.bonus!.id, {
              present: true,
              value: { name, employeeId },
              pending: null,
              createdAt: Date.now(),
              owner,
            });
          break;
        }
        case 'delete-bonus': {
          const mine = own(ledger.bonuses);
          if (mine.length === 0) continue;
          const [id, tracked] = pick(mine);
          request = { method: 'DELETE', path: `/api/bonuses/${id}` };
          track(tracked, { present: false, value: tracked.value });
          break;
        }
        case 'delete-employee': {
          const mine = own(ledger.employees);
          if (mine.length === 0) continue;
          const [id, tracked] = pick(mine);
          request = { method: 'DELETE', path: `/api/employees/${id}` };
          track(tracked, { present: false, value: null });
          break;
        }
        case 'read':
          request = { method: 'GET', path: pick(READS) };
          break;
      }

      const answer = await api.call(request.method, request.path, request.body);
      if (answer.status === 0) {
        ledger.unanswered += 1;
        settle(false, false);
        return; // the server is gone: this client stops, its last write is pending
      }
      const ok = answer.status >= 200 && answer.status < 300;
      settle(true, ok);
      if (ok) {
        if (request.method !== 'GET') {
          ledger.acknowledged += 1;
          onSuccess(answer.body.data);
          options.onAcknowledged?.(ledger);
        }
      } else if (answer.status >= 500 || !allowed.has(answer.status)) {
        ledger.problems.push(
          `${request.method} ${request.path} -> ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
    }
  }

  await Promise.all(options.clients.map((instances, owner) => worker(owner, instances)));
}
