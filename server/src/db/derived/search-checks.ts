import { anyOf, disagreements } from './compare';

/**
 * The checks SQLite's ordered search tables share (migrations 0023 and 0025). Each source row
 * has a position in its list's order; the FTS5 index holds its text under that position as
 * rowid, and the postings table its trigrams. A contentless FTS5 table cannot give its text
 * back, so what is checked is that every position is indexed, nothing else is, and the
 * positions follow the list's order.
 */
export interface OrderedSearch {
  /** The FTS5 table; its positions are `<fts>_positions`, its postings `<fts>_postings`. */
  fts: string;
  source: string;
  /** The list's order over the source, aliased `r`. */
  order: string;
  /** The searched texts of a source row `r`, one `select` each (for the postings). */
  texts?: readonly string[];
}

export function orderedSearchCheck(search: OrderedSearch): string {
  const positions = `${search.fts}_positions`;
  const checks = [
    disagreements(
      'sqlite',
      positions,
      {
        key: 'cast(p.id as text)',
        value: "'place ' || row_number() over (order by p.position)",
        from: `from ${positions} as p where p.position is not null`,
      },
      {
        key: 'cast(r.id as text)',
        value: `'place ' || row_number() over (order by ${search.order})`,
        from: `from ${search.source} as r`,
      },
    ),
    disagreements(
      'sqlite',
      search.fts,
      { key: 'cast(rowid as text)', value: "'indexed'", from: `from ${search.fts}` },
      {
        key: 'cast(position as text)',
        value: "'indexed'",
        from: `from ${positions} where position is not null`,
      },
    ),
  ];
  if (search.texts) {
    const postings = `${search.fts}_postings`;
    checks.push(
      disagreements(
        'sqlite',
        postings,
        { key: "trigram || ' at ' || position", value: "'posted'", from: `from ${postings}` },
        {
          key: "substr(t.text, o.n, 3) || ' at ' || p.position",
          value: "'posted'",
          from: `from ${positions} as p
            join (${search.texts.map((text) => `select r.id, ${text} as text from ${search.source} as r`).join(' union all ')}) as t
              on t.id = p.id
            join search_text_offsets as o on o.n <= length(t.text) - 2
            where p.position is not null
            group by substr(t.text, o.n, 3), p.position`,
        },
      ),
    );
  }
  return anyOf(...checks);
}
