import type { Tokens } from './load';
import { cpuSecondsSince, type RunningServer } from './server';

/**
 * The import step of `npm run bench`, after the writes: the two CSV imports as the screen sends
 * them (the whole file in one request, all or nothing), for their time, server CPU and memory.
 * They add staff and values, so they come last.
 */

export interface Imported {
  label: string;
  rows: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number | null;
  rssBefore: number | null;
  peakRss: number | null;
}

/** Times an import as the screen sends it: the whole file in one request, all or nothing. */
async function postImport(
  server: RunningServer,
  token: string,
  label: string,
  url: string,
  csv: string,
  dryRun = false,
): Promise<Imported> {
  const body = JSON.stringify({ csv, mode: 'all_or_nothing', dry_run: dryRun });
  server.resetPeak();
  const rssBefore = server.memory()?.rss ?? null;
  const cpuBefore = server.cpuMicros();
  const started = performance.now();
  const response = await fetch(server.url + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as {
    data?: { report: { total_rows: number; valid_rows: number; imported: number } };
  };
  const seconds = (performance.now() - started) / 1000;
  const report = answer.data?.report;
  const expected = dryRun ? 0 : report?.total_rows;
  if (!report || report.valid_rows !== report.total_rows || report.imported !== expected) {
    throw new Error(`${label}: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return {
    label,
    rows: report.total_rows,
    bytes: Buffer.byteLength(body),
    seconds,
    cpuSeconds: cpuSecondsSince(server, cpuBefore),
    rssBefore,
    peakRss: server.memory()?.peakRss ?? null,
  };
}

/** New staff, and metric values of existing staff (checked, then stored). */
export async function measureImports(
  server: RunningServer,
  tokens: Tokens,
  options: { small: boolean },
  onProgress: (line: string) => void = () => undefined,
): Promise<Imported[]> {
  const token = tokens.manager[0]!;
  const counts = options.small
    ? { staff: 1_000, values: 10_000 }
    : { staff: 10_000, values: 100_000 };
  const staff = [
    'first_name,last_name,email,position,department,join_date,salary,employment_type,location',
  ];
  for (let i = 0; i < counts.staff; i++) {
    staff.push(
      `New${i},Hire${i},new.hire.${i}@example.org,Lecturer,CIT,2024-02-01,${40_000 + i},full-time,remote`,
    );
  }
  // Existing staff by email, as a file from another system names them: the staff export's
  // fourth column.
  const exported = await fetch(`${server.url}/api/employees/export.csv`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.text());
  const emails = exported
    .split('\r\n')
    .slice(1, 5001)
    .map((line) => line.split(',')[3]!)
    .filter(Boolean);
  const values = ['employee_email,metric_name,value,created_at,comment'];
  for (let i = 0; i < counts.values; i++) {
    values.push(
      `${emails[i % emails.length]},Teaching Quality,${Math.floor((i % 9900) / 100) + 1}.${String(i % 100).padStart(2, '0')},2024-0${(i % 9) + 1}-15,Imported ${i}`,
    );
  }
  const valueCsv = values.join('\r\n');
  const n = (count: number) => count.toLocaleString('en-US');
  const imports = [
    await postImport(
      server,
      token,
      `staff, ${n(counts.staff)} rows`,
      '/api/employees/import',
      staff.join('\r\n'),
    ),
    await postImport(
      server,
      token,
      `metric values, ${n(counts.values)} rows, dry run`,
      '/api/performance-metrics/import',
      valueCsv,
      true,
    ),
    await postImport(
      server,
      token,
      `metric values, ${n(counts.values)} rows`,
      '/api/performance-metrics/import',
      valueCsv,
    ),
  ];
  for (const i of imports) onProgress(`import ${i.label}: ${i.seconds.toFixed(1)} s`);
  return imports;
}
