import { ADMIN } from './server-process';

/**
 * A small HTTP client for the real server: JSON in and out, with the envelope's `data`.
 * A refused connection (the server was killed) is reported as status 0 rather than thrown, so
 * load generators can tell "answered" from "never answered".
 */

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  body: any;
}

export class ApiClient {
  constructor(
    public origin: string,
    private token: string | null = null,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return { status: 0, body: null };
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      // the connection dropped mid-answer
      return { status: 0, body: null };
    }
    return { status: response.status, body: parsed };
  }

  /** Signs in as the administrator the server was started with. */
  static async asAdmin(origin: string): Promise<ApiClient> {
    return ApiClient.signIn(origin, ADMIN);
  }

  static async signIn(
    origin: string,
    credentials: { email: string; password: string },
  ): Promise<ApiClient> {
    const client = new ApiClient(origin);
    const answer = await client.call('POST', '/api/auth/login', credentials);
    if (answer.status !== 200) {
      throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    client.token = answer.body.data.token;
    return client;
  }

  /** The same session against another instance (every instance shares JWT_SECRET). */
  at(origin: string): ApiClient {
    return new ApiClient(origin, this.token);
  }
}
