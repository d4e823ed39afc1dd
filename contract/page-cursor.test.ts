import { describe, expect, it } from 'vitest';
import { bonusListQuerySchema } from './bonuses';
import { bonusExportQuerySchema, metricValueExportQuerySchema } from './csv-export';
import {
  decodePageCursor,
  encodePageCursor,
  nextCursorOf,
  PAGE_CURSOR_MESSAGE,
} from './page-cursor';
import { performanceMetricListQuerySchema } from './performance-metrics';

describe('page cursors', () => {
  const row = { createdAt: '2024-03-01T09:30:00.000Z', id: 42 };

  it('reads back the row it names, in base64url without padding', () => {
    const cursor = encodePageCursor(row);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor)).toEqual(row);
    for (const id of [1, 99, 12345, 2_147_483_647]) {
      for (const createdAt of ['1900-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z']) {
        expect(decodePageCursor(encodePageCursor({ createdAt, id }))).toEqual({ createdAt, id });
      }
    }
  });

  it('refuses every other spelling, so that each row has one cursor', () => {
    const cursor = encodePageCursor(row);
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of [
      '',
      `${cursor}=`,
      ` ${cursor}`,
      cursor.slice(1),
      Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64') + '==',
      b64(`[ "${row.createdAt}",42]`),
      b64(`["${row.createdAt}",42.0]`),
      b64(`["${row.createdAt}",4.2e1]`),
      b64(`["2024-03-01T09:30:00Z",42]`),
      b64(`["2024-02-30T09:30:00.000Z",42]`),
      b64(`["2024-03-01T24:00:00.000Z",42]`),
      b64(`["${row.createdAt}",0]`),
      b64(`["${row.createdAt}",2147483648]`),
      b64(`["${row.createdAt}"]`),
      b64(`{"createdAt":"${row.createdAt}","id":42}`),
      b64('not json'),
    ]) {
      expect(decodePageCursor(text), text).toBeNull();
    }
  });

  it('is a query field of the two lists, with one message, and no field of their exports', () => {
    const cursor = encodePageCursor(row);
    for (const schema of [performanceMetricListQuerySchema, bonusListQuerySchema]) {
      expect(schema.parse({ cursor }).cursor).toEqual(row);
      expect(schema.parse({}).cursor).toBeUndefined();
      for (const bad of ['nope', ['a', 'b'], 'x'.repeat(201)]) {
        const result = schema.safeParse({ cursor: bad });
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
          [['cursor'], PAGE_CURSOR_MESSAGE],
        ]);
      }
    }
    for (const schema of [metricValueExportQuerySchema, bonusExportQuerySchema]) {
      expect(schema.parse({ cursor: 'ignored' })).not.toHaveProperty('cursor');
    }
  });

  it('gives a page the cursor of its last row only when rows follow it', () => {
    const rows = [
      { id: 9, created_at: '2024-03-02T00:00:00.000Z' },
      { id: 42, created_at: row.createdAt },
    ];
    expect(nextCursorOf(rows, true)).toBe(encodePageCursor(row));
    expect(nextCursorOf(rows, false)).toBeNull();
    expect(nextCursorOf([], true)).toBeNull();
  });
});
