import { anyOf, disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

const state = "case when responded_at is null then 'pen' else 'ans' end";

/**
 * The questions' searches (migrations 0009-0031): on SQLite FTS5 trigram indexes of every
 * question (with its state) and of the pending ones, under the question's id; on PostgreSQL a
 * copy with the asked employee's searched text, whether it is pending, and the question's
 * updated_at and row_version.
 */
export const questionsSearch = declare({
  name: 'questions-search',
  purpose: "HR's and the employee's questions lists find a term among questions and employees.",
  tables: {
    sqlite: ['questions_search', 'pending_questions_search'],
    postgres: ['questions_search'],
  },
  sources: ['questions', 'employees'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'questions',
        'pending_questions_search_delete',
        `
      CREATE TRIGGER pending_questions_search_delete after delete on questions
        when old.responded_at is null begin
          delete from pending_questions_search where rowid = old.id;
        end`,
      ),
      trigger(
        'questions',
        'pending_questions_search_insert',
        `
      CREATE TRIGGER pending_questions_search_insert after insert on questions
        when new.responded_at is null begin
          insert into pending_questions_search (rowid, question) values (new.id, lower(new.question));
        end`,
      ),
      trigger(
        'questions',
        'pending_questions_search_update',
        `
      CREATE TRIGGER pending_questions_search_update after update of id, question, responded_at on questions begin
          delete from pending_questions_search where rowid = old.id and old.responded_at is null;
          insert into pending_questions_search (rowid, question)
            select new.id, lower(new.question) where new.responded_at is null;
        end`,
      ),
      trigger(
        'questions',
        'questions_search_delete',
        `
      CREATE TRIGGER questions_search_delete after delete on questions begin
          delete from questions_search where rowid = old.id;
        end`,
      ),
      trigger(
        'questions',
        'questions_search_insert',
        `
      CREATE TRIGGER questions_search_insert after insert on questions begin
          insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);
        end`,
      ),
      trigger(
        'questions',
        'questions_search_update',
        `
      CREATE TRIGGER questions_search_update after update of id, question, responded_at on questions begin
          delete from questions_search where rowid = old.id;
          insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);
        end`,
      ),
    ],
    postgres: [
      fn(
        'questions_search_employee_text',
        `
      CREATE OR REPLACE FUNCTION questions_search_employee_text()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
           begin
             update questions_search as s set employee_text = new.search_text
               from questions as q where q.employee_id = new.id and s.id = q.id;
             return null;
           end $function$`,
      ),
      fn(
        'questions_search_write',
        `
      CREATE OR REPLACE FUNCTION questions_search_write()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op <> 'INSERT' then delete from questions_search where id = old.id; end if;
               if tg_op <> 'DELETE' then
                 insert into questions_search (id, question, employee_text, pending, updated_at, row_version) values (new.id, lower(new.question), (select e.search_text from employees as e where e.id = new.employee_id), new.responded_at is null, new.updated_at, new.row_version);
               end if;
               return null;
             end $function$`,
      ),
      trigger(
        'employees',
        'questions_search_employee_text',
        `
      CREATE TRIGGER questions_search_employee_text AFTER UPDATE OF first_name, last_name, email, "position", employee_code ON employees
        FOR EACH ROW
        WHEN (old.search_text IS DISTINCT FROM new.search_text)
        EXECUTE FUNCTION questions_search_employee_text()`,
      ),
      trigger(
        'questions',
        'questions_search_write',
        `
      CREATE TRIGGER questions_search_write AFTER INSERT OR DELETE OR UPDATE ON questions
        FOR EACH ROW
        EXECUTE FUNCTION questions_search_write()`,
      ),
    ],
  },
  rebuild: {
    sqlite: [
      "insert into questions_search (questions_search) values ('delete-all')",
      `insert into questions_search (rowid, question, state)
      select id, lower(question), ${state} from questions`,
      "insert into pending_questions_search (pending_questions_search) values ('delete-all')",
      `insert into pending_questions_search (rowid, question)
      select id, lower(question) from questions where responded_at is null`,
    ],
    postgres: [
      'delete from questions_search',
      `insert into questions_search (id, question, employee_text, pending, updated_at, row_version)
      select q.id, lower(q.question), e.search_text, q.responded_at is null, q.updated_at,
        q.row_version
      from questions as q join employees as e on e.id = q.employee_id`,
    ],
  },
  check: {
    sqlite: anyOf(
      disagreements(
        'sqlite',
        'questions_search',
        { key: 'cast(rowid as text)', value: "'indexed'", from: 'from questions_search' },
        { key: 'cast(id as text)', value: "'indexed'", from: 'from questions' },
      ),
      disagreements(
        'sqlite',
        'pending_questions_search',
        { key: 'cast(rowid as text)', value: "'indexed'", from: 'from pending_questions_search' },
        {
          key: 'cast(id as text)',
          value: "'indexed'",
          from: 'from questions where responded_at is null',
        },
      ),
    ),
    postgres: disagreements(
      'postgres',
      'questions_search',
      {
        key: 'cast(id as text)',
        value: `question || ' | ' || employee_text || ' | ' || pending || ' | ' || updated_at
          || ' | ' || row_version`,
        from: 'from questions_search',
      },
      {
        key: 'cast(q.id as text)',
        value: `lower(q.question) || ' | ' || e.search_text || ' | ' || (q.responded_at is null)
          || ' | ' || q.updated_at || ' | ' || q.row_version`,
        from: 'from questions as q join employees as e on e.id = q.employee_id',
      },
    ),
  },
  limits:
    'SQLite: the FTS5 indexes are contentless; their rows are checked, not the text they hold.',
});
