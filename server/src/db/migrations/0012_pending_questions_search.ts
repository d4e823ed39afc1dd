/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * SQLite: the pending questions' text in a trigram table of its own, `pending_questions_search`,
 * kept by triggers like 0009's tables (the same lower-cased text, the same exact match).
 *
 * Why: HR's question search counts its matches on every page, and pending questions are HR's
 * working list. 0009 counted them as one FTS5 AND of the text's phrase and the state's trigram
 * in `questions_search`, which merges the phrase's doclist over every question with the state's
 * over every question of that state: 306 µs for "work" (1,138 pending of 3,945 matches among
 * 20,000 questions), more than the page itself. The same phrase in a table holding only the
 * pending questions reads doclists a third as long: 108 µs. The answered ones are then the
 * matches in `questions_search` less those pending (0009's state column is no longer read).
 *
 * A question is in the table exactly while its `responded_at` is null: added with it, removed
 * with it, and on any change of its id, text or answer taken out if it was there and put back
 * if it is still pending.
 */

const TABLE = 'pending_questions_search';

const STATEMENTS = [
  `create virtual table ${TABLE} using fts5(question, content = '',
     contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
  `insert into ${TABLE} (rowid, question)
     select id, lower(question) from questions where responded_at is null`,
  `create trigger ${TABLE}_insert after insert on questions
     when new.responded_at is null begin
       insert into ${TABLE} (rowid, question) values (new.id, lower(new.question));
     end`,
  `create trigger ${TABLE}_delete after delete on questions
     when old.responded_at is null begin
       delete from ${TABLE} where rowid = old.id;
     end`,
  `create trigger ${TABLE}_update after update of id, question, responded_at on questions begin
       delete from ${TABLE} where rowid = old.id and old.responded_at is null;
       insert into ${TABLE} (rowid, question)
         select new.id, lower(new.question) where new.responded_at is null;
     end`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const event of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger ${TABLE}_${event}`).execute(db);
  }
  await sql.raw(`drop table ${TABLE}`).execute(db);
}
