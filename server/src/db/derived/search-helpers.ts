import { anyOf, disagreements } from './compare';
import { declare, fn } from './declaration';

/** The longest text whose every trigram is posted (migration 0025). */
const OFFSETS = 4096;

const offsets = `from (with recursive o(n) as (select 1 union all select n + 1 from o where n < ${OFFSETS})
  select n from o) as o`;

/**
 * What the search tables share. SQLite: the numbers 1 to 4096 a text's trigrams are cut at
 * (search_text_offsets), and the queue a trigger writes to when an ordered search has no room
 * left between two positions (search_renumbers: its own trigger renumbers and empties it at
 * once). PostgreSQL: the function cutting texts into trigrams.
 */
export const searchHelpers = declare({
  name: 'search-helpers',
  purpose: 'The search tables cut texts into trigrams and renumber their positions with these.',
  tables: { sqlite: ['search_text_offsets', 'search_renumbers'], postgres: [] },
  sources: [],
  keptBy: 'the rebuild below (constant) and the search triggers (the queue)',
  change: {
    sqlite: [],
    postgres: [
      fn(
        'search_trigrams',
        `
      CREATE OR REPLACE FUNCTION search_trigrams(texts text[])
         RETURNS TABLE(trigram text)
         LANGUAGE sql
         IMMUTABLE PARALLEL SAFE
        AS $function$
               select substr(x.text, n, 3) from unnest(texts) as x(text),
                 generate_series(1, char_length(x.text) - 2) as n $function$`,
      ),
    ],
  },
  rebuild: {
    sqlite: [
      'delete from search_renumbers',
      'delete from search_text_offsets',
      `insert into search_text_offsets (n) select n ${offsets}`,
    ],
    postgres: [],
  },
  check: {
    sqlite: anyOf(
      // Whole numbers, unique (the primary key): 1 to OFFSETS exactly when these three agree.
      `select 'search_text_offsets' as derived_table, 'numbers' as row_key,
        count(*) || ' from ' || min(n) || ' to ' || max(n) as stored,
        '${OFFSETS} from 1 to ${OFFSETS}' as recomputed
      from search_text_offsets
      having count(*) <> ${OFFSETS} or min(n) is not 1 or max(n) is not ${OFFSETS}`,
      disagreements(
        'sqlite',
        'search_renumbers',
        { key: 'name', value: "'waiting'", from: 'from search_renumbers' },
        { key: 'name', value: "'waiting'", from: 'from search_renumbers where false' },
      ),
    ),
    postgres: null,
  },
});
