// autocannon ships no types; these are the parts the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Client {
    setHeaders(headers: Record<string, string>): void;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request extends RequestParams {
    /** Changes each request before it is sent (a new path, a new body). */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    /** Sees each answer, with the context its request was set up with. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    setupClient?: (client: Client) => void;
    requests?: Request[];
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    /** How many answers had each status code. */
    statusCodeStats?: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  }
  /** The running load: a promise of its result that also reports each response as it comes. */
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, bytes: number, responseTimeMs: number) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export type { RequestParams, Result };
  export default autocannon;
}
