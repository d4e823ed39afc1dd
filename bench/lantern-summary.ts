import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

/**
 * What Lighthouse's mobile score waited for: its simulation (Lantern) of the run just audited in
 * this process, as text. For each graph, every request and main-thread task it counted, with its
 * simulated start and end in ms; blocking time lists only the tasks of 50 ms or more. Scores move
 * by 5-10 points from run to run on a busy machine; this says which requests and tasks a metric
 * is made of (docs/benchmarks.md, "Where a phone's dashboard waits").
 */

const GRAPHS = [
  'optimisticFirstContentfulPaint',
  'pessimisticFirstContentfulPaint',
  'optimisticLargestContentfulPaint',
  'pessimisticLargestContentfulPaint',
  'optimisticTotalBlockingTime',
];

function describeNode(node: Lantern.Graph.Node): string {
  if (node.type === 'network') {
    const request = node.request;
    const file = request.url.split('/').pop() || request.url;
    return `request ${file} ${request.transferSize} B, ${request.priority}`;
  }
  const observed = Math.round(node.duration / 1000);
  const events = [
    ...new Set(
      node.childEvents
        .filter((event) => (event.dur ?? 0) > 2000)
        .map((event) => {
          const url = (event.args?.data as { url?: string } | undefined)?.url;
          return url ? `${event.name} ${url.split('/').pop()}` : event.name;
        }),
    ),
  ];
  return `task ${observed} ms observed: ${events.slice(0, 4).join(', ')}`;
}

/** The simulation of the last audit, and forgets it (the next audit starts clean). */
export function takeLanternSummary(): string {
  const timings = Lantern.Simulation.Simulator.allNodeTimings;
  const lines: string[] = [];
  for (const label of GRAPHS) {
    const nodes = timings.get(label);
    if (!nodes) continue;
    lines.push(`== ${label}`);
    const rows = [...nodes.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      const blocking = label.endsWith('TotalBlockingTime');
      if (blocking && (node.type !== 'cpu' || timing.endTime - timing.startTime < 50)) continue;
      const start = String(Math.round(timing.startTime)).padStart(6);
      const end = String(Math.round(timing.endTime)).padStart(6);
      lines.push(`${start} ${end}  ${describeNode(node)}`);
    }
  }
  timings.clear();
  return `${lines.join('\n')}\n`;
}
