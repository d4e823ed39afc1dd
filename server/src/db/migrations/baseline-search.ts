/**
 * The search objects as 0001_baseline created them, which 0005_trigram_search dropped: the
 * custom search tables, their trigger functions and triggers (each in the baseline's order of
 * creation), and the statements that refill those tables. The registry (server/src/db/derived/)
 * declares the schema as it is now, so the baseline, and 0005's down, take these texts from
 * here instead.
 */

/** PostgreSQL's search trigger functions, by name. */
export const searchPostgresFunctions: Readonly<Record<string, string>> = {
  search_trigrams:
    'CREATE OR REPLACE FUNCTION search_trigrams(texts text[])\n   RETURNS TABLE(trigram text)\n   LANGUAGE sql\n   IMMUTABLE PARALLEL SAFE\n  AS $function$\n         select substr(x.text, n, 3) from unnest(texts) as x(text),\n           generate_series(1, char_length(x.text) - 2) as n $function$',
  questions_search_write:
    "CREATE OR REPLACE FUNCTION questions_search_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then delete from questions_search where id = old.id; end if;\n         if tg_op <> 'DELETE' then\n           insert into questions_search (id, question, employee_text, pending, updated_at, row_version) values (new.id, lower(new.question), (select e.search_text from employees as e where e.id = new.employee_id), new.responded_at is null, new.updated_at, new.row_version);\n         end if;\n         return null;\n       end $function$",
  questions_search_employee_text:
    'CREATE OR REPLACE FUNCTION questions_search_employee_text()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n     begin\n       update questions_search as s set employee_text = new.search_text\n         from questions as q where q.employee_id = new.id and s.id = q.id;\n       return null;\n     end $function$',
  employees_search_postings_write:
    "CREATE OR REPLACE FUNCTION employees_search_postings_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then\n           delete from employees_search_postings as p\n             where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.last_key, old.first_key, old.id\n      from  search_trigrams(array[old.search_text]) as t) as t))\n               and p.last_key = old.last_key and p.first_key = old.first_key and p.id = old.id;\n         end if;\n         if tg_op <> 'DELETE' then\n           insert into employees_search_postings select distinct t.trigram, new.last_key, new.first_key, new.id\n      from  search_trigrams(array[new.search_text]) as t;\n         end if;\n         return null;\n       end $function$",
  employees_search_write:
    "CREATE OR REPLACE FUNCTION employees_search_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then delete from employees_search where id = old.id; end if;\n         if tg_op <> 'DELETE' then insert into employees_search values (new.id, new.search_text, lower(new.last_name), lower(new.first_name)); end if;\n         return null;\n       end $function$",
  users_search_postings_write:
    "CREATE OR REPLACE FUNCTION users_search_postings_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then\n           delete from users_search_postings as p\n             where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.created_at, old.id\n      from  search_trigrams(array[old.full_name, old.email]) as t) as t))\n               and p.created_at = old.created_at and p.id = old.id;\n         end if;\n         if tg_op <> 'DELETE' then\n           insert into users_search_postings select distinct t.trigram, new.created_at, new.id\n      from  search_trigrams(array[new.full_name, new.email]) as t;\n         end if;\n         return null;\n       end $function$",
  users_search_write:
    "CREATE OR REPLACE FUNCTION users_search_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then delete from users_search where id = old.id; end if;\n         if tg_op <> 'DELETE' then\n           insert into users_search (id, full_name, email, created_at) values (new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email), new.created_at);\n         end if;\n         return null;\n       end $function$",
  audit_entries_search_write:
    "CREATE OR REPLACE FUNCTION audit_entries_search_write()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op <> 'INSERT' then\n           delete from audit_entries_search where id in (select id from old_rows);\n         end if;\n         if tg_op <> 'DELETE' then\n           insert into audit_entries_search select id, created_at, lower(name), lower(description) from new_rows;\n         end if;\n         return null;\n       end $function$",
  audit_entries_search_clear:
    'CREATE OR REPLACE FUNCTION audit_entries_search_clear()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin truncate audit_entries_search; return null; end $function$',
};

/** PostgreSQL's search triggers, by `table.name`. */
export const searchPostgresTriggers: Readonly<Record<string, string>> = {
  'employees.questions_search_employee_text':
    'CREATE TRIGGER questions_search_employee_text AFTER UPDATE OF first_name, last_name, email, "position", employee_code ON employees\n  FOR EACH ROW\n  WHEN (old.search_text IS DISTINCT FROM new.search_text)\n  EXECUTE FUNCTION questions_search_employee_text()',
  'questions.questions_search_write':
    'CREATE TRIGGER questions_search_write AFTER INSERT OR DELETE OR UPDATE ON questions\n  FOR EACH ROW\n  EXECUTE FUNCTION questions_search_write()',
  'employees_search.employees_search_postings_write':
    'CREATE TRIGGER employees_search_postings_write AFTER INSERT OR DELETE OR UPDATE ON employees_search\n  FOR EACH ROW\n  EXECUTE FUNCTION employees_search_postings_write()',
  'employees.employees_search_write':
    'CREATE TRIGGER employees_search_write AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, email, "position", employee_code ON employees\n  FOR EACH ROW\n  EXECUTE FUNCTION employees_search_write()',
  'users_search.users_search_postings_write':
    'CREATE TRIGGER users_search_postings_write AFTER INSERT OR DELETE OR UPDATE ON users_search\n  FOR EACH ROW\n  EXECUTE FUNCTION users_search_postings_write()',
  'users.users_search_write':
    'CREATE TRIGGER users_search_write AFTER INSERT OR DELETE OR UPDATE OF id, firstname, lastname, email, created_at ON users\n  FOR EACH ROW\n  EXECUTE FUNCTION users_search_write()',
  'audit_entries.audit_entries_search_insert':
    'CREATE TRIGGER audit_entries_search_insert AFTER INSERT ON audit_entries\n  REFERENCING NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION audit_entries_search_write()',
  'audit_entries.audit_entries_search_update':
    'CREATE TRIGGER audit_entries_search_update AFTER UPDATE ON audit_entries\n  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION audit_entries_search_write()',
  'audit_entries.audit_entries_search_delete':
    'CREATE TRIGGER audit_entries_search_delete AFTER DELETE ON audit_entries\n  REFERENCING OLD TABLE AS old_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION audit_entries_search_write()',
  'audit_entries.audit_entries_search_truncate':
    'CREATE TRIGGER audit_entries_search_truncate AFTER TRUNCATE ON audit_entries\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION audit_entries_search_clear()',
};

/** SQLite's search triggers, by `table.name`. */
export const searchSqliteTriggers: Readonly<Record<string, string>> = {
  'questions.questions_search_insert':
    "CREATE TRIGGER questions_search_insert after insert on questions begin\n    insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);\n  end",
  'questions.questions_search_delete':
    'CREATE TRIGGER questions_search_delete after delete on questions begin\n    delete from questions_search where rowid = old.id;\n  end',
  'questions.questions_search_update':
    "CREATE TRIGGER questions_search_update after update of id, question, responded_at on questions begin\n    delete from questions_search where rowid = old.id;\n    insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);\n  end",
  'questions.pending_questions_search_insert':
    'CREATE TRIGGER pending_questions_search_insert after insert on questions\n  when new.responded_at is null begin\n    insert into pending_questions_search (rowid, question) values (new.id, lower(new.question));\n  end',
  'questions.pending_questions_search_delete':
    'CREATE TRIGGER pending_questions_search_delete after delete on questions\n  when old.responded_at is null begin\n    delete from pending_questions_search where rowid = old.id;\n  end',
  'questions.pending_questions_search_update':
    'CREATE TRIGGER pending_questions_search_update after update of id, question, responded_at on questions begin\n    delete from pending_questions_search where rowid = old.id and old.responded_at is null;\n    insert into pending_questions_search (rowid, question)\n      select new.id, lower(new.question) where new.responded_at is null;\n  end',
  'employees.employees_search_insert':
    "CREATE TRIGGER employees_search_insert after insert on employees begin\n     insert into employees_search_positions (id, position) values (new.id, (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id\n    order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)\n    order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)\n    order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id\n    order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)\n    order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)\n    order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b));\n     insert into employees_search (rowid, search_text)\n    select p.position, new.search_text from employees_search_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;\n   end",
  'employees.employees_search_update':
    "CREATE TRIGGER employees_search_update after update of first_name, last_name, email, position, employee_code\n     on employees begin\n     delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);\n     update employees_search_positions set position = (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id\n    order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)\n    order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)\n    order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id\n    order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)\n    order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)\n    order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b)\n       where id = new.id and (lower(old.last_name) is not lower(new.last_name) or lower(old.first_name) is not lower(new.first_name) or old.id is not new.id);\n     insert into employees_search (rowid, search_text)\n    select p.position, new.search_text from employees_search_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;\n   end",
  'employees.employees_search_delete':
    'CREATE TRIGGER employees_search_delete after delete on employees begin\n    delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);\n    delete from employees_search_positions where id = old.id;\n  end',
  'search_renumbers.employees_search_renumber':
    "CREATE TRIGGER employees_search_renumber after insert on search_renumbers\n    when new.name = 'employees_search' begin\n    delete from employees_search_positions;\n    insert into employees_search_positions (id, position)\n      select r.id, (row_number() over (order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc)\n          - (select (count(*) + 1) / 2 from employees))\n        * (select 2305843009213693952 / (count(*) + 1) from employees)\n      from employees as r;\n    insert into employees_search (employees_search) values ('delete-all');\n    insert into employees_search (rowid, search_text)\n      select p.position, r.search_text\n      from employees as r join employees_search_positions as p on p.id = r.id;\n    insert into employees_search (employees_search) values ('optimize');\n    delete from search_renumbers where name = new.name;\n  end",
  'users.users_search_insert':
    "CREATE TRIGGER users_search_insert after insert on users begin\n     insert into users_search_positions (id, position) values (new.id, (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id\n    order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at\n    order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id\n    order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at\n    order by r.created_at desc, r.id desc limit 1))) as after) as b));\n     insert into users_search (rowid, full_name, email)\n    select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;\n   end",
  'users.users_search_update':
    "CREATE TRIGGER users_search_update after update of firstname, lastname, email, created_at\n     on users begin\n     delete from users_search where rowid = (select position from users_search_positions where id = old.id);\n     update users_search_positions set position = (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id\n    order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at\n    order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id\n    order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at\n    order by r.created_at desc, r.id desc limit 1))) as after) as b)\n       where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);\n     insert into users_search (rowid, full_name, email)\n    select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;\n   end",
  'users.users_search_delete':
    'CREATE TRIGGER users_search_delete after delete on users begin\n    delete from users_search where rowid = (select position from users_search_positions where id = old.id);\n    delete from users_search_positions where id = old.id;\n  end',
  'search_renumbers.users_search_renumber':
    "CREATE TRIGGER users_search_renumber after insert on search_renumbers\n    when new.name = 'users_search' begin\n    delete from users_search_positions;\n    insert into users_search_positions (id, position)\n      select r.id, (row_number() over (order by r.created_at desc, r.id desc)\n          - (select (count(*) + 1) / 2 from users))\n        * (select 2305843009213693952 / (count(*) + 1) from users)\n      from users as r;\n    insert into users_search (users_search) values ('delete-all');\n    insert into users_search (rowid, full_name, email)\n      select p.position, lower(r.firstname || ' ' || r.lastname), lower(r.email)\n      from users as r join users_search_positions as p on p.id = r.id;\n    insert into users_search (users_search) values ('optimize');\n    delete from search_renumbers where name = new.name;\n  end",
  'audit_entries.audit_entries_text_insert':
    "CREATE TRIGGER audit_entries_text_insert after insert on audit_entries begin\n     insert into audit_entries_text_positions (id, position) values (new.id, (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id\n    order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at\n    order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id\n    order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at\n    order by r.created_at desc, r.id desc limit 1))) as after) as b));\n     insert into audit_entries_text (rowid, name, description)\n    select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;\n   end",
  'audit_entries.audit_entries_text_update':
    "CREATE TRIGGER audit_entries_text_update after update of name, description, created_at\n     on audit_entries begin\n     delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);\n     update audit_entries_text_positions set position = (select case\n    when b.before is null and b.after is null then 0\n    when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end\n    when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end\n    when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2\n  end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id\n    order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at\n    order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id\n    order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at\n    order by r.created_at desc, r.id desc limit 1))) as after) as b)\n       where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);\n     insert into audit_entries_text (rowid, name, description)\n    select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p\n    where p.id = new.id and p.position is not null;\n  insert into search_renumbers (name)\n    select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;\n   end",
  'audit_entries.audit_entries_text_delete':
    'CREATE TRIGGER audit_entries_text_delete after delete on audit_entries begin\n    delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);\n    delete from audit_entries_text_positions where id = old.id;\n  end',
  'search_renumbers.audit_entries_text_renumber':
    "CREATE TRIGGER audit_entries_text_renumber after insert on search_renumbers\n    when new.name = 'audit_entries_text' begin\n    delete from audit_entries_text_positions;\n    insert into audit_entries_text_positions (id, position)\n      select r.id, (row_number() over (order by r.created_at desc, r.id desc)\n          - (select (count(*) + 1) / 2 from audit_entries))\n        * (select 2305843009213693952 / (count(*) + 1) from audit_entries)\n      from audit_entries as r;\n    insert into audit_entries_text (audit_entries_text) values ('delete-all');\n    insert into audit_entries_text (rowid, name, description)\n      select p.position, lower(r.name), lower(r.description)\n      from audit_entries as r join audit_entries_text_positions as p on p.id = r.id;\n    insert into audit_entries_text (audit_entries_text) values ('optimize');\n    delete from search_renumbers where name = new.name;\n  end",
  'employees_search_positions.employees_search_postings_insert':
    'CREATE TRIGGER employees_search_postings_insert after insert on employees_search_positions\n  begin insert or ignore into employees_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), new.position\n  from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where new.position is not null; end',
  'employees_search_positions.employees_search_postings_move':
    'CREATE TRIGGER employees_search_postings_move after update on employees_search_positions\n  begin delete from employees_search_postings where position = old.position; insert or ignore into employees_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), new.position\n  from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where new.position is not null; end',
  'employees_search_positions.employees_search_postings_delete':
    'CREATE TRIGGER employees_search_postings_delete after delete on employees_search_positions\n  begin delete from employees_search_postings where position = old.position; end',
  'employees.employees_search_postings_text':
    'CREATE TRIGGER employees_search_postings_text after update of first_name, last_name, email, position, employee_code on employees\n  begin delete from employees_search_postings where position = (select position from employees_search_positions where id = new.id); insert or ignore into employees_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), (select position from employees_search_positions where id = new.id)\n  from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where (select position from employees_search_positions where id = new.id) is not null; end',
  'users_search_positions.users_search_postings_insert':
    "CREATE TRIGGER users_search_postings_insert after insert on users_search_positions\n  begin insert or ignore into users_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), new.position\n  from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where new.position is not null; end",
  'users_search_positions.users_search_postings_move':
    "CREATE TRIGGER users_search_postings_move after update on users_search_positions\n  begin delete from users_search_postings where position = old.position; insert or ignore into users_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), new.position\n  from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where new.position is not null; end",
  'users_search_positions.users_search_postings_delete':
    'CREATE TRIGGER users_search_postings_delete after delete on users_search_positions\n  begin delete from users_search_postings where position = old.position; end',
  'users.users_search_postings_text':
    "CREATE TRIGGER users_search_postings_text after update of firstname, lastname, email on users\n  begin delete from users_search_postings where position = (select position from users_search_positions where id = new.id); insert or ignore into users_search_postings (trigram, position)\n  select substr(t.text, o.n, 3), (select position from users_search_positions where id = new.id)\n  from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2\n  where (select position from users_search_positions where id = new.id) is not null; end",
};

/** What refilled the search tables from their sources (the registry's rebuilds then), in order. */
export const searchRebuild: Readonly<Record<'sqlite' | 'postgres', readonly string[]>> = {
  sqlite: [
    'delete from search_renumbers',
    'delete from search_text_offsets',
    'insert into search_text_offsets (n) select n from (with recursive o(n) as (select 1 union all select n + 1 from o where n < 4096)\n  select n from o) as o',
    'delete from employees_search_postings',
    "insert into search_renumbers (name) values ('employees_search')",
    'delete from users_search_postings',
    "insert into search_renumbers (name) values ('users_search')",
    "insert into questions_search (questions_search) values ('delete-all')",
    "insert into questions_search (rowid, question, state)\n      select id, lower(question), case when responded_at is null then 'pen' else 'ans' end from questions",
    "insert into pending_questions_search (pending_questions_search) values ('delete-all')",
    'insert into pending_questions_search (rowid, question)\n      select id, lower(question) from questions where responded_at is null',
    "insert into search_renumbers (name) values ('audit_entries_text')",
  ],
  postgres: [
    'delete from employees_search',
    'delete from employees_search_postings',
    'insert into employees_search (id, search_text, last_key, first_key)\n      select id, search_text, lower(last_name), lower(first_name) from employees',
    'delete from users_search',
    'delete from users_search_postings',
    "insert into users_search (id, full_name, email, created_at)\n      select r.id, lower(r.firstname || ' ' || r.lastname), lower(r.email), r.created_at from users as r",
    'delete from questions_search',
    'insert into questions_search (id, question, employee_text, pending, updated_at, row_version)\n      select q.id, lower(q.question), e.search_text, q.responded_at is null, q.updated_at,\n        q.row_version\n      from questions as q join employees as e on e.id = q.employee_id',
    'delete from audit_entries_search',
    'insert into audit_entries_search (id, created_at, name, description)\n      select id, created_at, lower(name), lower(description) from audit_entries',
  ],
};

/** PostgreSQL's search tables and their indexes, in the baseline's order. */
export const searchPostgresTables = {
  all: [
    // Questions' search table.
    `create table questions_search (
  id integer not null,
  question text not null,
  employee_text text not null,
  pending boolean not null,
  updated_at timestamp with time zone not null,
  row_version integer default 0 not null,
  constraint questions_search_pkey primary key (id)
)`,
    `create index questions_search_question_trgm_idx on questions_search using gin (question gin_trgm_ops)`,
    `create index questions_search_employee_text_trgm_idx on questions_search using gin (employee_text gin_trgm_ops)`,
    `create index questions_search_pending_question_trgm_idx on questions_search using gin (question gin_trgm_ops) where pending`,
    `create index questions_search_pending_employee_text_trgm_idx on questions_search using gin (employee_text gin_trgm_ops) where pending`,
    `create index questions_search_updated_idx on questions_search (updated_at, id) include (question, employee_text, row_version)`,
    `create index questions_search_pending_updated_idx on questions_search (updated_at, id) include (question, employee_text, row_version) where pending`,

    // Staff search trigram postings.
    `create table employees_search_postings (
  trigram text collate "C" not null,
  last_key text not null,
  first_key text not null,
  id integer not null,
  constraint employees_search_postings_pkey primary key (trigram, last_key, first_key, id)
)`,

    // Staff search table and its positions in the list's order.
    `create table employees_search (
  id integer not null,
  search_text text not null,
  last_key text not null,
  first_key text not null,
  constraint employees_search_pkey primary key (id)
)`,
    `create index employees_search_search_text_trgm_idx on employees_search using gin (search_text gin_trgm_ops)`,

    // User search trigram postings.
    `create table users_search_postings (
  trigram text collate "C" not null,
  created_at timestamp with time zone not null,
  id integer not null,
  constraint users_search_postings_pkey primary key (trigram, created_at, id)
)`,

    // User search table and its positions in the list's order.
    `create table users_search (
  id integer not null,
  full_name text not null,
  email text not null,
  created_at timestamp with time zone not null,
  constraint users_search_pkey primary key (id)
)`,
    `create index users_search_full_name_trgm_idx on users_search using gin (full_name gin_trgm_ops)`,
    `create index users_search_email_trgm_idx on users_search using gin (email gin_trgm_ops)`,

    // Audit trail search table.
    `create table audit_entries_search (
  id integer not null,
  created_at timestamp with time zone not null,
  name text not null,
  description text not null,
  constraint audit_entries_search_pkey primary key (id)
)`,
    `create index audit_entries_search_created_idx on audit_entries_search (created_at, id)`,
  ],
} as const;

/** SQLite's search tables and their indexes: those before the dashboard versions, and the rest. */
export const searchSqliteTables = {
  questions: [
    // Questions' search table.
    `create virtual table questions_search using fts5 (
  question,
  state,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

    // Pending questions' search table.
    `create virtual table pending_questions_search using fts5 (
  question,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,
  ],
  rest: [
    // Search tables' shared parts.
    `create table search_renumbers (
  name text not null
)`,

    // Staff search table and its positions in the list's order.
    `create table employees_search_positions (
  id integer primary key,
  position integer
)`,
    `create unique index employees_search_positions_idx on employees_search_positions (position)`,
    `create virtual table employees_search using fts5 (
  search_text,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

    // User search table and its positions in the list's order.
    `create table users_search_positions (
  id integer primary key,
  position integer
)`,
    `create unique index users_search_positions_idx on users_search_positions (position)`,
    `create virtual table users_search using fts5 (
  full_name,
  email,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

    // Audit trail search table.
    `create table audit_entries_text_positions (
  id integer primary key,
  position integer
)`,
    `create unique index audit_entries_text_positions_idx on audit_entries_text_positions (position)`,
    `create virtual table audit_entries_text using fts5 (
  name,
  description,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

    // Search tables' shared parts.
    `create table search_text_offsets (
  n integer primary key
)`,

    // Staff search trigram postings.
    `create table employees_search_postings (
  trigram text not null,
  position integer not null,
  primary key (trigram, position)
) without rowid`,
    `create index employees_search_postings_position_idx on employees_search_postings (position)`,

    // User search trigram postings.
    `create table users_search_postings (
  trigram text not null,
  position integer not null,
  primary key (trigram, position)
) without rowid`,
    `create index users_search_postings_position_idx on users_search_postings (position)`,
  ],
} as const;
