import { describe, expect, it } from 'vitest';
import {
  createRememberedItems,
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
} from './remembered-items';
import { isUnchanging } from './unchanging';

type Row = { id: number; version: number; name: string };

/** A list over `rows`, counting its reads, with its keys as a keys statement reads them. */
function listOver(rows: Row[], tables = '7.3') {
  const reads = { count: 0, mapped: 0 };
  const read = async () => {
    reads.count++;
    return [...rows];
  };
  const itemOf = (row: Row) => ({
    key: itemKey(row.id, row.version, tables),
    item: () => {
      reads.mapped++;
      return { name: row.name };
    },
  });
  // In no particular order, as the database may give them.
  const keys = () => ({
    keys: [...rows]
      .reverse()
      .map(({ id, version }) => `${id} ${version}`)
      .join(','),
    tables,
  });
  return { reads, read, itemOf, keys };
}

describe('remembered items', () => {
  it('answers a page read before for the same rows at the same versions without reading it', async () => {
    const items = createRememberedItems<{ name: string }>(10);
    const rows = [
      { id: 1, version: 1, name: 'Ada' },
      { id: 2, version: 1, name: 'Bob' },
    ];
    const list = listOver(rows);
    const first = await pageThrough(items, list.keys(), list.read, list.itemOf);
    expect(first).toEqual([{ name: 'Ada' }, { name: 'Bob' }]);
    expect(isUnchanging(first)).toBe(true);
    expect(isUnchanging(first[0]!)).toBe(true);
    expect(await pageThrough(items, list.keys(), list.read, list.itemOf)).toBe(first);
    expect(list.reads.count).toBe(1);
    // Another order of the list: the same rows are read again, their items kept.
    expect(await pageThrough(items, list.keys(), list.read, list.itemOf, 'name desc')).toEqual(
      first,
    );
    expect(list.reads).toEqual({ count: 2, mapped: 2 });

    rows[1] = { id: 2, version: 2, name: 'Robert' };
    expect(await pageThrough(items, list.keys(), list.read, list.itemOf)).toEqual([
      { name: 'Ada' },
      { name: 'Robert' },
    ]);
    expect(list.reads).toEqual({ count: 3, mapped: 3 });
  });

  it('reads again when a table the items show moves', async () => {
    const items = createRememberedItems<{ name: string }>(10);
    const rows = [{ id: 1, version: 1, name: 'Ada' }];
    await pageThrough(
      items,
      listOver(rows, '7.3').keys(),
      listOver(rows).read,
      listOver(rows).itemOf,
    );
    const moved = listOver(rows, '7.4');
    await pageThrough(items, moved.keys(), moved.read, moved.itemOf);
    expect(moved.reads).toEqual({ count: 1, mapped: 1 });
  });

  it('keeps a page only for the keys of the rows it read', async () => {
    const items = createRememberedItems<{ name: string }>(10);
    const rows = [{ id: 1, version: 1, name: 'Ada' }];
    const list = listOver(rows);
    // The keys read before a write, the rows after it: the rows are the page, not kept for them.
    const before = list.keys();
    rows[0] = { id: 1, version: 2, name: 'Ada Byron' };
    expect(await pageThrough(items, before, list.read, list.itemOf)).toEqual([
      { name: 'Ada Byron' },
    ]);
    expect(await pageThrough(items, before, list.read, list.itemOf)).toEqual([
      { name: 'Ada Byron' },
    ]);
    expect(list.reads.count).toBe(2);
    const empty = listOver([]);
    expect(
      await pageThrough(items, { keys: null, tables: '7.3' }, empty.read, empty.itemOf),
    ).toEqual([]);
  });

  it('keeps one store per database', async () => {
    const storeOf = rememberedItemsPerDatabase<{ name: string }>(10);
    const sqlite = {};
    const postgres = {};
    const key = itemKey(1, 0, null);
    storeOf(sqlite).item(key, () => ({ name: 'on SQLite' }));
    expect(storeOf(sqlite).item(key, () => ({ name: 'read again' }))).toEqual({
      name: 'on SQLite',
    });
    expect(storeOf(postgres).item(key, () => ({ name: 'on PostgreSQL' }))).toEqual({
      name: 'on PostgreSQL',
    });
  });
});
