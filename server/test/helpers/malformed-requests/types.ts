// The shapes of the bad-input property: a valid request, one fault, a malformed request.
import type { DocumentedOperation } from '../openapi-routes';

export interface ValidRequest {
  method: DocumentedOperation['method'];
  /** The id in the path, when the route has one. */
  pathId: string | null;
  query: [string, string][];
  body: Record<string, unknown> | undefined;
  token: string | null;
  /** Tokens of the other roles the route allows, used as often as `token`. */
  otherAllowedTokens: string[];
  /** A token of a role the route refuses (403), when there is one. */
  refusedToken: string | null;
  /**
   * Tokens signed with the server's key whose claims must still be refused (401): a subject that
   * is not the id as the server writes it, an issue time in the future (session-tokens.ts).
   */
  misclaimedTokens?: { claims: string; token: string }[];
  /** What the valid request answers (2xx). */
  status: number;
  /** The route's request body limit (the server's 1 MB unless the route sets its own). */
  bodyLimit?: number;
}

export interface MalformedRequest {
  /** What was broken, for the failure message. */
  fault: string;
  method: ValidRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  expected: number;
}

/** One thing broken in a valid request, and the status that must answer it. */
export interface Fault {
  fault: string;
  pathId?: string;
  /** The raw path segment, already encoded or deliberately broken. */
  rawPathId?: string;
  query?: [string, string][];
  /** The body: `text`, or `bytes` when they are no text at all (invalid UTF-8). */
  body?: { text: string; contentType: string; bytes?: Buffer };
  token?: string | null;
  expected: number;
}
