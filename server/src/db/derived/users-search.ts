import { anyOf, disagreements } from './compare';
import { declare, fn, trigger } from './declaration';
import { orderedSearchCheck } from './search-checks';

const fullName = (row: string) => `lower(${row}.firstname || ' ' || ${row}.lastname)`;

/**
 * The accounts search (migrations 0009-0032): on SQLite an FTS5 trigram index of each account's
 * name and email under its position newest first, with postings of their trigrams; on
 * PostgreSQL a copy of the searched texts with created_at, and postings per trigram.
 */
export const usersSearch = declare({
  name: 'users-search',
  purpose: 'The accounts list finds a search term and walks its matches newest first.',
  tables: {
    sqlite: ['users_search', 'users_search_positions', 'users_search_postings'],
    postgres: ['users_search', 'users_search_postings'],
  },
  sources: ['users'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'search_renumbers',
        'users_search_renumber',
        `
      CREATE TRIGGER users_search_renumber after insert on search_renumbers
          when new.name = 'users_search' begin
          delete from users_search_positions;
          insert into users_search_positions (id, position)
            select r.id, (row_number() over (order by r.created_at desc, r.id desc)
                - (select (count(*) + 1) / 2 from users))
              * (select 2305843009213693952 / (count(*) + 1) from users)
            from users as r;
          insert into users_search (users_search) values ('delete-all');
          insert into users_search (rowid, full_name, email)
            select p.position, lower(r.firstname || ' ' || r.lastname), lower(r.email)
            from users as r join users_search_positions as p on p.id = r.id;
          insert into users_search (users_search) values ('optimize');
          delete from search_renumbers where name = new.name;
        end`,
      ),
      trigger(
        'users',
        'users_search_delete',
        `
      CREATE TRIGGER users_search_delete after delete on users begin
          delete from users_search where rowid = (select position from users_search_positions where id = old.id);
          delete from users_search_positions where id = old.id;
        end`,
      ),
      trigger(
        'users',
        'users_search_insert',
        `
      CREATE TRIGGER users_search_insert after insert on users begin
           insert into users_search_positions (id, position) values (new.id, (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id
          order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at
          order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id
          order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at
          order by r.created_at desc, r.id desc limit 1))) as after) as b));
           insert into users_search (rowid, full_name, email)
          select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'users',
        'users_search_postings_text',
        `
      CREATE TRIGGER users_search_postings_text after update of firstname, lastname, email on users
        begin delete from users_search_postings where position = (select position from users_search_positions where id = new.id); insert or ignore into users_search_postings (trigram, position)
        select substr(t.text, o.n, 3), (select position from users_search_positions where id = new.id)
        from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where (select position from users_search_positions where id = new.id) is not null; end`,
      ),
      trigger(
        'users',
        'users_search_update',
        `
      CREATE TRIGGER users_search_update after update of firstname, lastname, email, created_at
           on users begin
           delete from users_search where rowid = (select position from users_search_positions where id = old.id);
           update users_search_positions set position = (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id
          order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at
          order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id
          order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at
          order by r.created_at desc, r.id desc limit 1))) as after) as b)
             where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);
           insert into users_search (rowid, full_name, email)
          select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'users_search_positions',
        'users_search_postings_delete',
        `
      CREATE TRIGGER users_search_postings_delete after delete on users_search_positions
        begin delete from users_search_postings where position = old.position; end`,
      ),
      trigger(
        'users_search_positions',
        'users_search_postings_insert',
        `
      CREATE TRIGGER users_search_postings_insert after insert on users_search_positions
        begin insert or ignore into users_search_postings (trigram, position)
        select substr(t.text, o.n, 3), new.position
        from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where new.position is not null; end`,
      ),
      trigger(
        'users_search_positions',
        'users_search_postings_move',
        `
      CREATE TRIGGER users_search_postings_move after update on users_search_positions
        begin delete from users_search_postings where position = old.position; insert or ignore into users_search_postings (trigram, position)
        select substr(t.text, o.n, 3), new.position
        from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where new.position is not null; end`,
      ),
    ],
    postgres: [
      fn(
        'users_search_postings_write',
        `
      CREATE OR REPLACE FUNCTION users_search_postings_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then
                 delete from users_search_postings as p
                   where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.created_at, old.id
            from  search_trigrams(array[old.full_name, old.email]) as t) as t))
                     and p.created_at = old.created_at and p.id = old.id;
               end if;
               if tg_op <> 'DELETE' then
                 insert into users_search_postings select distinct t.trigram, new.created_at, new.id
            from  search_trigrams(array[new.full_name, new.email]) as t;
               end if;
               return null;
             end $function$`,
      ),
      fn(
        'users_search_write',
        `
      CREATE OR REPLACE FUNCTION users_search_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then delete from users_search where id = old.id; end if;
               if tg_op <> 'DELETE' then
                 insert into users_search (id, full_name, email, created_at) values (new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email), new.created_at);
               end if;
               return null;
             end $function$`,
      ),
      trigger(
        'users',
        'users_search_write',
        `
      CREATE TRIGGER users_search_write AFTER INSERT OR DELETE OR UPDATE OF id, firstname, lastname, email, created_at ON users
        FOR EACH ROW
        EXECUTE FUNCTION users_search_write()`,
      ),
      trigger(
        'users_search',
        'users_search_postings_write',
        `
      CREATE TRIGGER users_search_postings_write AFTER INSERT OR DELETE OR UPDATE ON users_search
        FOR EACH ROW
        EXECUTE FUNCTION users_search_postings_write()`,
      ),
    ],
  },
  rebuild: {
    sqlite: [
      'delete from users_search_postings',
      "insert into search_renumbers (name) values ('users_search')",
    ],
    postgres: [
      'delete from users_search',
      'delete from users_search_postings',
      `insert into users_search (id, full_name, email, created_at)
      select r.id, ${fullName('r')}, lower(r.email), r.created_at from users as r`,
    ],
  },
  check: {
    sqlite: orderedSearchCheck({
      fts: 'users_search',
      source: 'users',
      order: 'r.created_at desc, r.id desc',
      texts: [fullName('r'), 'lower(r.email)'],
    }),
    postgres: anyOf(
      disagreements(
        'postgres',
        'users_search',
        {
          key: 'cast(id as text)',
          value: "full_name || ' | ' || email || ' | ' || created_at",
          from: 'from users_search',
        },
        {
          key: 'cast(r.id as text)',
          value: `${fullName('r')} || ' | ' || lower(r.email) || ' | ' || r.created_at`,
          from: 'from users as r',
        },
      ),
      disagreements(
        'postgres',
        'users_search_postings',
        {
          key: "trigram || ' of ' || id",
          value: 'cast(created_at as text)',
          from: 'from users_search_postings',
        },
        {
          key: "t.trigram || ' of ' || r.id",
          value: 'cast(r.created_at as text)',
          from: `from users as r cross join lateral (select distinct trigram
            from search_trigrams(array[${fullName('r')}, lower(r.email)])) as t`,
        },
      ),
    ),
  },
  limits: 'SQLite: the FTS5 index is contentless; its rows are checked, not the text they hold.',
});
