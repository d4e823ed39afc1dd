import { createRememberedAnswers } from './remembered-answers';
import { unchanging } from './unchanging';

/** Which row an item shows (its id) and the version of what it shows. */
export interface ItemKey {
  id: number;
  version: string | number;
}

/**
 * A page's keys as its keys statement reads them, in one row (db/page-keys.ts): one text value
 * instead of two or more integers a row, each of which JavaScript must be handed.
 */
export interface PageKeys {
  /**
   * `id version,id version,…`: each item's id and own version, in whatever order the database
   * gave them; null when the page is empty.
   */
  keys: string | null;
  /** The versions of the tables whose rows every item also shows (migration 0021), or null. */
  tables: string | null;
}

/** An item's key: its id, and its own version with the versions of the tables it shows. */
export function itemKey(id: number, version: string | number, tables: string | null): ItemKey {
  return { id, version: `${version}/${tables ?? ''}` };
}

/**
 * A list's pages as the API answers them, remembered by the keys of their rows: a page reads
 * its keys alone, in one row (db/page-keys.ts), and reads and maps its rows only when no page
 * of the same rows at the same versions, in the same order, was answered. Its items are also
 * kept per row id at their versions, so that a page read again hands out the items it already
 * had. Items and pages are marked `unchanging`: each route's serialiser keeps the bytes of each
 * item and of each page (lib/response-serializer.ts), and a page remembered whole is sent
 * without a row read, mapped, checked or serialised again.
 *
 * At most `maxEntries` items and a twentieth as many pages (each also holds, while it is kept,
 * the serialiser's bytes of its last answer); past that the oldest tenth goes
 * (lib/remembered-answers.ts).
 */
export function createRememberedItems<Item extends object>(maxEntries: number) {
  const items = createRememberedAnswers<number, Item>(maxEntries);
  const pages = createRememberedAnswers<string, Item[]>(Math.ceil(maxEntries / 20));
  return {
    /** The item kept for `key`, or `item` kept for it from now on; frozen either way. */
    item(key: ItemKey, item: () => Item): Item {
      const known = items.at(key.id, key.version);
      if (known) return known;
      const frozen = unchanging(item());
      items.remember(key.id, key.version, frozen);
      return frozen;
    },
    /** The page answered for these keys in this order; undefined when not kept. */
    page: (order: string, page: PageKeys) =>
      pages.at(`${order}\u0000${page.keys}`, page.tables ?? ''),
    /** Keeps the page of these keys in this order, frozen, and gives it back. */
    rememberPage(order: string, page: PageKeys, pageItems: Item[]): Item[] {
      const frozen = unchanging(pageItems);
      pages.remember(`${order}\u0000${page.keys}`, page.tables ?? '', frozen);
      return frozen;
    },
  };
}

export type RememberedItems<Item extends object> = ReturnType<typeof createRememberedItems<Item>>;

/**
 * A store of remembered items for each database it is asked about: ids are a database's own,
 * and one process may open several (the API tests run SQLite and PostgreSQL side by side).
 */
export function rememberedItemsPerDatabase<Item extends object>(maxEntries: number) {
  const stores = new WeakMap<object, RememberedItems<Item>>();
  return (database: object): RememberedItems<Item> => {
    let store = stores.get(database);
    if (!store) {
      store = createRememberedItems<Item>(maxEntries);
      stores.set(database, store);
    }
    return store;
  };
}

/** Whether `keys` are exactly these rows' keys, whatever their order. */
function sameRows(page: PageKeys, keys: readonly ItemKey[]): boolean {
  const listed = page.keys ? page.keys.split(',') : [];
  if (listed.length !== keys.length) return false;
  const versions = new Map<number, string | number>(keys.map(({ id, version }) => [id, version]));
  return listed.every((key) => {
    const space = key.indexOf(' ');
    const { id, version } = itemKey(Number(key.slice(0, space)), key.slice(space + 1), page.tables);
    return versions.get(id) === version;
  });
}

/**
 * A page through `remembered`. Its keys, read first, name its rows and their versions, in no
 * particular order: a page answered before for the same rows at the same versions, in the
 * same `order` (what the list is sorted by, when it can be sorted several ways: the rows'
 * order is then theirs), is the page. Otherwise its rows are read and their items taken from
 * `itemOf` (each keyed with `itemKey`, from the id, version and table versions the keys
 * statement reads), or from those kept at the same versions; the page is kept for its keys only
 * when the rows read are those the keys named (a write may have come between: the rows read are
 * the page). The page answered is frozen, as its items are.
 *
 * Not asking the database for the keys in the page's order spares it a sort of the page's rows,
 * a visible share of a remembered page's cost.
 */
export async function pageThrough<Row, Item extends object>(
  remembered: RememberedItems<Item>,
  page: PageKeys,
  readRows: () => Promise<readonly Row[]>,
  itemOf: (row: Row) => { key: ItemKey; item: () => Item },
  order = '',
): Promise<Item[]> {
  const whole = remembered.page(order, page);
  if (whole) return whole;
  const read = (await readRows()).map(itemOf);
  const items = read.map(({ key, item }) => remembered.item(key, item));
  if (
    !sameRows(
      page,
      read.map(({ key }) => key),
    )
  )
    return items;
  return remembered.rememberPage(order, page, items);
}
