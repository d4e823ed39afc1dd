/**
 * SQLite: the statements that keep a trigram table of 0023 as plain B-tree postings,
 * `<table>_postings (trigram, position)`, for migrations 0025 (staff, accounts) and 0026 (the
 * audit trail). Shared so that both build and follow them alike; what a migration made is
 * never remade, so a change here must keep the statements it gives the same.
 *
 * A posting is one trigram (3 characters) of a row's searched texts at that row's position in
 * 0023's `<table>_positions`, once per trigram and row. Triggers on the positions follow every
 * insert, move, delete and renumbering there; a trigger on the source table follows a text that
 * changes without moving.
 */

export interface PostedTable {
  table: string;
  source: string;
  /** The searched texts, as 0023's trigram table holds them, over the source row `e`. */
  texts: string[];
  /** The source columns the texts are made of. */
  textFrom: string[];
}

/** The trigrams of row `id`'s texts at `position`, as an INSERT. */
function insertPostings({ table, source, texts }: PostedTable, id: string, position: string) {
  const rows = texts
    .map((text) => `select ${text} as text from ${source} as e where e.id = ${id}`)
    .join(' union all ');
  return `insert or ignore into ${table}_postings (trigram, position)
     select substr(t.text, o.n, 3), ${position}
     from (${rows}) as t join search_text_offsets as o on o.n <= length(t.text) - 2
     where ${position} is not null;`;
}

const deletePostings = (table: string, position: string) =>
  `delete from ${table}_postings where position = ${position};`;

/** The table, its index by position, its postings of the rows there now, and its triggers. */
export function postingsStatements(posted: PostedTable): string[] {
  const { table, source, textFrom } = posted;
  const positions = `${table}_positions`;
  const current = `(select position from ${positions} where id = new.id)`;
  return [
    `create table ${table}_postings (
       trigram text not null, position integer not null,
       primary key (trigram, position)) without rowid`,
    `create index ${table}_postings_position_idx on ${table}_postings (position)`,
    `insert or ignore into ${table}_postings (trigram, position)
       select substr(t.text, o.n, 3), t.position
       from (${posted.texts
         .map(
           (text) => `select ${text} as text, p.position from ${source} as e
             join ${positions} as p on p.id = e.id where p.position is not null`,
         )
         .join(' union all ')}) as t
       join search_text_offsets as o on o.n <= length(t.text) - 2`,
    `create trigger ${table}_postings_insert after insert on ${positions}
     begin ${insertPostings(posted, 'new.id', 'new.position')} end`,
    `create trigger ${table}_postings_move after update on ${positions}
     begin ${deletePostings(table, 'old.position')} ${insertPostings(posted, 'new.id', 'new.position')} end`,
    `create trigger ${table}_postings_delete after delete on ${positions}
     begin ${deletePostings(table, 'old.position')} end`,
    // A text that changes where the order does not: 0023 writes its trigram table again at the
    // same position. Whichever of the two triggers runs first, the position read here is the
    // row's current one, and the text the new one.
    `create trigger ${table}_postings_text after update of ${textFrom.join(', ')} on ${source}
     begin ${deletePostings(table, current)} ${insertPostings(posted, 'new.id', current)} end`,
  ];
}

/** What postingsStatements made, undone. */
export function dropPostingsStatements(table: string): string[] {
  return [
    ...['insert', 'move', 'delete', 'text'].map(
      (trigger) => `drop trigger ${table}_postings_${trigger}`,
    ),
    `drop table ${table}_postings`,
  ];
}
