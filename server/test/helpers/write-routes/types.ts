// The shapes of the write-route table: a write case, its expected audit entry and its refusals.
import type { CallResult } from '../test-app';

export interface ExpectedEntry {
  status: number;
  name: string;
  /** Texts the description must contain: the people (and things) involved. */
  mentions: string[];
  /** Who the entry names as the actor; null for an anonymous, refused sign-in. */
  actor: { user_id: number; email: string } | null;
  entity?: { type: string; id?: number | null };
  before: boolean;
  after: boolean;
}

export interface Refusal {
  title: string;
  status: number;
  call(): Promise<CallResult>;
}

export interface WriteCase {
  /** The route as the OpenAPI document names it: "PUT /api/employees/{id}". */
  route: string;
  title: string;
  /** Arranges what the call needs, then makes it (from `ip`) and says what must be recorded. */
  perform(ip: string): Promise<{ result: CallResult; expected: ExpectedEntry }>;
  /** Calls that must be refused and leave no entry at all. */
  refusals?(): Promise<Refusal[]>;
}
