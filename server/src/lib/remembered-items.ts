import { createRememberedAnswers } from './remembered-answers';
import { unchanging } from './unchanging';

/** Which row an item shows (its id) and the version of what it shows. */
export interface ItemKey {
  id: number;
  version: string | number;
}

/**
 * A list's items as the API answers them, remembered per row at the version of what each shows:
 * a page reads its rows' keys alone (integers: cheap to hand to JavaScript, where each text value
 * of a row costs about a quarter of a microsecond on Node 20), and reads and maps its whole rows
 * only when one of them is not kept. The items are marked `unchanging`, so each route's
 * serialiser also keeps each one's text (lib/response-serializer.ts), and a page remembered
 * whole is sent without a row read, mapped, checked or serialised again.
 *
 * At most `maxEntries` items; past that the oldest tenth goes (lib/remembered-answers.ts).
 */
export function createRememberedItems<Item extends object>(maxEntries: number) {
  const kept = createRememberedAnswers<number, Item>(maxEntries);
  // Whole pages by their keys' text, at the versions of the tables they show: one lookup
  // instead of parsing 50 keys and looking each up, and the same (unchanging) array each time,
  // whose bytes the serialiser then also keeps.
  const pages = createRememberedAnswers<string, Item[]>(Math.ceil(maxEntries / 10));
  return {
    /** The items of these keys, in their order; null when any one is not kept at its version. */
    page(keys: readonly ItemKey[]): Item[] | null {
      const items: Item[] = [];
      for (const { id, version } of keys) {
        const item = kept.at(id, version);
        if (item === undefined) return null;
        items.push(item);
      }
      return items;
    },
    /** Keeps `item` for `key`, frozen, and gives it back. */
    remember(key: ItemKey, item: Item): Item {
      const frozen = unchanging(item);
      kept.remember(key.id, key.version, frozen);
      return frozen;
    },
    /** The page of these keys as it was last answered; undefined when not kept. */
    wholePage: (page: PageKeys) => pages.at(page.keys ?? '', page.tables ?? ''),
    /** Keeps the page of these keys, frozen, and gives it back. */
    rememberPage(page: PageKeys, items: Item[]): Item[] {
      const frozen = unchanging(items);
      pages.remember(page.keys ?? '', page.tables ?? '', frozen);
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

/**
 * A page's keys as its keys statement reads them, in one row (db/page-keys.ts): one text value
 * instead of two or more integers a row, each of which JavaScript must be handed.
 */
export interface PageKeys {
  /** `id version,id version,…` in the page's order: each item's id and own version; null when empty. */
  keys: string | null;
  /** The versions of the tables whose rows every item also shows (migration 0021), or null. */
  tables: string | null;
}

/** An item's key: its id, and its own version with the versions of the tables it shows. */
export function itemKey(id: number, version: string | number, tables: string | null): ItemKey {
  return { id, version: `${version}/${tables ?? ''}` };
}

function itemKeysOf(page: PageKeys): ItemKey[] {
  if (!page.keys) return [];
  return page.keys.split(',').map((key) => {
    const space = key.indexOf(' ');
    return itemKey(Number(key.slice(0, space)), key.slice(space + 1), page.tables);
  });
}

/**
 * A page through `remembered`: its keys are read first; when the page of those keys was
 * answered before, or every item is kept, that is the page; otherwise its rows are read (a write
 * may have come between: the rows read are the page) and their items remembered. `itemOf` keys
 * each item with `itemKey`, from the same id, version and table versions the keys statement
 * reads. The page answered is frozen, as its items are.
 */
export async function pageThrough<Row, Item extends object>(
  remembered: RememberedItems<Item>,
  page: PageKeys,
  readRows: () => Promise<readonly Row[]>,
  itemOf: (row: Row) => { key: ItemKey; item: Item },
): Promise<Item[]> {
  const whole = remembered.wholePage(page);
  if (whole) return whole;
  const kept = remembered.page(itemKeysOf(page));
  if (kept) return remembered.rememberPage(page, kept);
  return (await readRows()).map((row) => {
    const { key, item } = itemOf(row);
    return remembered.remember(key, item);
  });
}
