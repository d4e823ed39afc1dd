import { anyOf, disagreements } from './compare';
import { declare, fn, trigger } from './declaration';
import { orderedSearchCheck } from './search-checks';

/**
 * The staff search (migrations 0009-0032): on SQLite an FTS5 trigram index of search_text under
 * each employee's position in name order, with a postings table of its trigrams; on PostgreSQL a
 * copy of the searched text with the name keys, and postings per trigram.
 */
export const employeesSearch = declare({
  name: 'employees-search',
  purpose: 'The staff list finds a search term and walks its matches in name order.',
  tables: {
    sqlite: ['employees_search', 'employees_search_positions', 'employees_search_postings'],
    postgres: ['employees_search', 'employees_search_postings'],
  },
  sources: ['employees'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'employees',
        'employees_search_delete',
        `
      CREATE TRIGGER employees_search_delete after delete on employees begin
          delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);
          delete from employees_search_positions where id = old.id;
        end`,
      ),
      trigger(
        'employees',
        'employees_search_insert',
        `
      CREATE TRIGGER employees_search_insert after insert on employees begin
           insert into employees_search_positions (id, position) values (new.id, (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id
          order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)
          order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)
          order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id
          order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)
          order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)
          order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b));
           insert into employees_search (rowid, search_text)
          select p.position, new.search_text from employees_search_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'employees',
        'employees_search_postings_text',
        `
      CREATE TRIGGER employees_search_postings_text after update of first_name, last_name, email, position, employee_code on employees
        begin delete from employees_search_postings where position = (select position from employees_search_positions where id = new.id); insert or ignore into employees_search_postings (trigram, position)
        select substr(t.text, o.n, 3), (select position from employees_search_positions where id = new.id)
        from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where (select position from employees_search_positions where id = new.id) is not null; end`,
      ),
      trigger(
        'employees',
        'employees_search_update',
        `
      CREATE TRIGGER employees_search_update after update of first_name, last_name, email, position, employee_code
           on employees begin
           delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);
           update employees_search_positions set position = (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id
          order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)
          order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)
          order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id
          order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)
          order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)
          order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b)
             where id = new.id and (lower(old.last_name) is not lower(new.last_name) or lower(old.first_name) is not lower(new.first_name) or old.id is not new.id);
           insert into employees_search (rowid, search_text)
          select p.position, new.search_text from employees_search_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'employees_search_positions',
        'employees_search_postings_delete',
        `
      CREATE TRIGGER employees_search_postings_delete after delete on employees_search_positions
        begin delete from employees_search_postings where position = old.position; end`,
      ),
      trigger(
        'employees_search_positions',
        'employees_search_postings_insert',
        `
      CREATE TRIGGER employees_search_postings_insert after insert on employees_search_positions
        begin insert or ignore into employees_search_postings (trigram, position)
        select substr(t.text, o.n, 3), new.position
        from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where new.position is not null; end`,
      ),
      trigger(
        'employees_search_positions',
        'employees_search_postings_move',
        `
      CREATE TRIGGER employees_search_postings_move after update on employees_search_positions
        begin delete from employees_search_postings where position = old.position; insert or ignore into employees_search_postings (trigram, position)
        select substr(t.text, o.n, 3), new.position
        from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
        where new.position is not null; end`,
      ),
      trigger(
        'search_renumbers',
        'employees_search_renumber',
        `
      CREATE TRIGGER employees_search_renumber after insert on search_renumbers
          when new.name = 'employees_search' begin
          delete from employees_search_positions;
          insert into employees_search_positions (id, position)
            select r.id, (row_number() over (order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc)
                - (select (count(*) + 1) / 2 from employees))
              * (select 2305843009213693952 / (count(*) + 1) from employees)
            from employees as r;
          insert into employees_search (employees_search) values ('delete-all');
          insert into employees_search (rowid, search_text)
            select p.position, r.search_text
            from employees as r join employees_search_positions as p on p.id = r.id;
          insert into employees_search (employees_search) values ('optimize');
          delete from search_renumbers where name = new.name;
        end`,
      ),
    ],
    postgres: [
      fn(
        'employees_search_postings_write',
        `
      CREATE OR REPLACE FUNCTION employees_search_postings_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then
                 delete from employees_search_postings as p
                   where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.last_key, old.first_key, old.id
            from  search_trigrams(array[old.search_text]) as t) as t))
                     and p.last_key = old.last_key and p.first_key = old.first_key and p.id = old.id;
               end if;
               if tg_op <> 'DELETE' then
                 insert into employees_search_postings select distinct t.trigram, new.last_key, new.first_key, new.id
            from  search_trigrams(array[new.search_text]) as t;
               end if;
               return null;
             end $function$`,
      ),
      fn(
        'employees_search_write',
        `
      CREATE OR REPLACE FUNCTION employees_search_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then delete from employees_search where id = old.id; end if;
               if tg_op <> 'DELETE' then insert into employees_search values (new.id, new.search_text, lower(new.last_name), lower(new.first_name)); end if;
               return null;
             end $function$`,
      ),
      trigger(
        'employees',
        'employees_search_write',
        `
      CREATE TRIGGER employees_search_write AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, email, "position", employee_code ON employees
        FOR EACH ROW
        EXECUTE FUNCTION employees_search_write()`,
      ),
      trigger(
        'employees_search',
        'employees_search_postings_write',
        `
      CREATE TRIGGER employees_search_postings_write AFTER INSERT OR DELETE OR UPDATE ON employees_search
        FOR EACH ROW
        EXECUTE FUNCTION employees_search_postings_write()`,
      ),
    ],
  },
  rebuild: {
    sqlite: [
      'delete from employees_search_postings',
      // Its trigger renumbers every position, then refills the index and (by the positions'
      // triggers) the postings.
      "insert into search_renumbers (name) values ('employees_search')",
    ],
    postgres: [
      'delete from employees_search',
      'delete from employees_search_postings',
      // Its trigger posts each row's trigrams.
      `insert into employees_search (id, search_text, last_key, first_key)
      select id, search_text, lower(last_name), lower(first_name) from employees`,
    ],
  },
  check: {
    sqlite: orderedSearchCheck({
      fts: 'employees_search',
      source: 'employees',
      order: 'lower(r.last_name), lower(r.first_name), r.id',
      texts: ['r.search_text'],
    }),
    postgres: anyOf(
      disagreements(
        'postgres',
        'employees_search',
        {
          key: 'cast(id as text)',
          value: "search_text || ' | ' || last_key || ' | ' || first_key",
          from: 'from employees_search',
        },
        {
          key: 'cast(id as text)',
          value: "search_text || ' | ' || lower(last_name) || ' | ' || lower(first_name)",
          from: 'from employees',
        },
      ),
      disagreements(
        'postgres',
        'employees_search_postings',
        {
          key: "trigram || ' of ' || id",
          value: "last_key || ' | ' || first_key",
          from: 'from employees_search_postings',
        },
        {
          key: "t.trigram || ' of ' || e.id",
          value: "lower(e.last_name) || ' | ' || lower(e.first_name)",
          from: `from employees as e
            cross join lateral (select distinct trigram from search_trigrams(array[e.search_text])) as t`,
        },
      ),
    ),
  },
  limits: 'SQLite: the FTS5 index is contentless; its rows are checked, not the text they hold.',
});
