import { disagreements } from './compare';
import { declare, fn, trigger } from './declaration';
import { orderedSearchCheck } from './search-checks';

/**
 * The audit log's search (migrations 0023 and 0028): on SQLite an FTS5 trigram index of each
 * entry's name and description under its position newest first; on PostgreSQL a lowercased copy
 * with created_at.
 */
export const auditSearch = declare({
  name: 'audit-search',
  purpose: 'The audit log finds a search term and walks its matches newest first.',
  tables: {
    sqlite: ['audit_entries_text', 'audit_entries_text_positions'],
    postgres: ['audit_entries_search'],
  },
  sources: ['audit_entries'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'audit_entries',
        'audit_entries_text_delete',
        `
      CREATE TRIGGER audit_entries_text_delete after delete on audit_entries begin
          delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);
          delete from audit_entries_text_positions where id = old.id;
        end`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_text_insert',
        `
      CREATE TRIGGER audit_entries_text_insert after insert on audit_entries begin
           insert into audit_entries_text_positions (id, position) values (new.id, (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id
          order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at
          order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id
          order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at
          order by r.created_at desc, r.id desc limit 1))) as after) as b));
           insert into audit_entries_text (rowid, name, description)
          select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_text_update',
        `
      CREATE TRIGGER audit_entries_text_update after update of name, description, created_at
           on audit_entries begin
           delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);
           update audit_entries_text_positions set position = (select case
          when b.before is null and b.after is null then 0
          when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
          when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
          when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
        end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id
          order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at
          order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id
          order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at
          order by r.created_at desc, r.id desc limit 1))) as after) as b)
             where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);
           insert into audit_entries_text (rowid, name, description)
          select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p
          where p.id = new.id and p.position is not null;
        insert into search_renumbers (name)
          select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;
         end`,
      ),
      trigger(
        'search_renumbers',
        'audit_entries_text_renumber',
        `
      CREATE TRIGGER audit_entries_text_renumber after insert on search_renumbers
          when new.name = 'audit_entries_text' begin
          delete from audit_entries_text_positions;
          insert into audit_entries_text_positions (id, position)
            select r.id, (row_number() over (order by r.created_at desc, r.id desc)
                - (select (count(*) + 1) / 2 from audit_entries))
              * (select 2305843009213693952 / (count(*) + 1) from audit_entries)
            from audit_entries as r;
          insert into audit_entries_text (audit_entries_text) values ('delete-all');
          insert into audit_entries_text (rowid, name, description)
            select p.position, lower(r.name), lower(r.description)
            from audit_entries as r join audit_entries_text_positions as p on p.id = r.id;
          insert into audit_entries_text (audit_entries_text) values ('optimize');
          delete from search_renumbers where name = new.name;
        end`,
      ),
    ],
    postgres: [
      fn(
        'audit_entries_search_clear',
        `
      CREATE OR REPLACE FUNCTION audit_entries_search_clear()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin truncate audit_entries_search; return null; end $function$`,
      ),
      fn(
        'audit_entries_search_write',
        `
      CREATE OR REPLACE FUNCTION audit_entries_search_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then
                 delete from audit_entries_search where id in (select id from old_rows);
               end if;
               if tg_op <> 'DELETE' then
                 insert into audit_entries_search select id, created_at, lower(name), lower(description) from new_rows;
               end if;
               return null;
             end $function$`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_search_delete',
        `
      CREATE TRIGGER audit_entries_search_delete AFTER DELETE ON audit_entries
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION audit_entries_search_write()`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_search_insert',
        `
      CREATE TRIGGER audit_entries_search_insert AFTER INSERT ON audit_entries
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION audit_entries_search_write()`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_search_truncate',
        `
      CREATE TRIGGER audit_entries_search_truncate AFTER TRUNCATE ON audit_entries
        FOR EACH STATEMENT
        EXECUTE FUNCTION audit_entries_search_clear()`,
      ),
      trigger(
        'audit_entries',
        'audit_entries_search_update',
        `
      CREATE TRIGGER audit_entries_search_update AFTER UPDATE ON audit_entries
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION audit_entries_search_write()`,
      ),
    ],
  },
  rebuild: {
    sqlite: ["insert into search_renumbers (name) values ('audit_entries_text')"],
    postgres: [
      'delete from audit_entries_search',
      `insert into audit_entries_search (id, created_at, name, description)
      select id, created_at, lower(name), lower(description) from audit_entries`,
    ],
  },
  check: {
    sqlite: orderedSearchCheck({
      fts: 'audit_entries_text',
      source: 'audit_entries',
      order: 'r.created_at desc, r.id desc',
    }),
    postgres: disagreements(
      'postgres',
      'audit_entries_search',
      {
        key: 'cast(id as text)',
        value: "created_at || ' | ' || name || ' | ' || description",
        from: 'from audit_entries_search',
      },
      {
        key: 'cast(id as text)',
        value: "created_at || ' | ' || lower(name) || ' | ' || lower(description)",
        from: 'from audit_entries',
      },
    ),
  },
  limits: 'SQLite: the FTS5 index is contentless; its rows are checked, not the text they hold.',
});
