import { expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT_BYTES, MAX_IMPORT_ROWS } from '#contract/csv-import';
import { auditedBy } from './helpers/audit';
import { csvOf } from './helpers/csv';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { tableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine, startTestApp, type TestContext } from './helpers/test-app';

/**
 * The staff import (issue 8): every row judged as POST /api/employees judges it, plus what only
 * a file can get wrong; all or nothing, or the valid rows only, in one transaction; and a
 * staff export re-imported into a fresh database gives the same records.
 */

const HEADER = 'first_name,last_name,email,position,department,join_date';

function importStaff(
  context: TestContext,
  csv: string,
  options: { mode?: string; dry_run?: boolean } = {},
) {
  return context.call('POST', '/api/employees/import', {
    token: context.as.manager.token,
    body: { csv, ...options },
  });
}

async function emailsOnStaff(context: TestContext, emails: string[]) {
  const rows = await context.db
    .selectFrom('employees')
    .select('email')
    .where('email', 'in', emails)
    .execute();
  return rows.map((row) => row.email).sort();
}

/** A staff record as the API shows it, without what a fresh database numbers differently. */
async function staffRecords(context: TestContext, emails: string[]) {
  const answer = await context.call('GET', '/api/employees?limit=1000', {
    token: context.as.admin.token,
  });
  const all = answer.body.data.employees as ({ email: string } & Record<string, unknown>)[];
  const emailOf = new Map(all.map((e) => [e.id, e.email]));
  return all
    .filter((e) => emails.includes(e.email))
    .map(({ id: _id, created_at: _c, updated_at: _u, user_id: _a, manager_name: _n, ...e }) => ({
      ...e,
      manager_id: e.manager_id === null ? null : emailOf.get(e.manager_id),
    }))
    .sort((a, b) => String(a.email).localeCompare(String(b.email)));
}

describeEachEngine('CSV import of staff', (ctx) => {
  it('re-imports a staff export into a fresh database as the same records', async () => {
    const db = ctx().db;
    // The manager sorts after her reports, so the file names her before her own row.
    const boss = await insertEmployee(db, {
      first_name: 'Zora',
      last_name: 'Zimmer',
      email: 'zora.zimmer@example.com',
      employee_code: 'Z-1',
      department: 'Commerce',
      status: 'on-leave',
      employment_type: 'full-time',
      location: 'headquarters',
      salary_cents: 12_345_678,
      skills: JSON.stringify(['Leadership', 'C; C++', 'back\\slash', '@mentions']),
      notes: 'Line one, with a comma\nLine "two"\r\n=SUM(A1:A2)',
    });
    const middle = await insertEmployee(db, {
      first_name: '=Max',
      last_name: 'Meyer',
      email: 'max.meyer@example.com',
      phone: '+44 20 7946 0000',
      position: "-Head of 'Research'",
      manager_id: boss,
      salary_cents: null,
      employee_code: null,
    });
    await insertEmployee(db, {
      first_name: 'Amy',
      last_name: 'Abbot',
      email: 'amy.abbot@example.com',
      employment_type: 'intern',
      location: 'remote',
      manager_id: middle,
      salary_cents: 100_050,
      employee_code: 'A-7',
      skills: JSON.stringify(["'=quoted", 'Plain']),
    });
    const exported = await ctx().call('GET', '/api/employees/export.csv', {
      token: ctx().as.admin.token,
    });
    const emails = csvOf(exported).rows.map((row) => row.email!);
    expect(emails).toContain('amy.abbot@example.com');

    const fresh = await startTestApp(ctx().engine);
    try {
      const answer = await importStaff(fresh, exported.text);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.report).toMatchObject({
        total_rows: emails.length,
        imported: emails.length,
        refused_rows: 0,
        refused: [],
        ignored_columns: [],
      });
      expect(await staffRecords(fresh, emails)).toEqual(await staffRecords(ctx(), emails));
      const again = await fresh.call('GET', '/api/employees/export.csv', {
        token: fresh.as.admin.token,
      });
      const rowsOf = (text: string) =>
        csvOf({ ...exported, text })
          .rows.filter((row) => emails.includes(row.email!))
          .sort((a, b) => a.email!.localeCompare(b.email!));
      expect(rowsOf(again.text)).toEqual(rowsOf(exported.text));
    } finally {
      await fresh.close();
    }
  });

  it('stores nothing when a row is refused, all or nothing, and reports every refused row', async () => {
    const before = await tableSnapshot(ctx().db);
    const csv = [
      HEADER + ',salary,status',
      'Ann,Able,ann.able@example.com,Lecturer,CIT,2024-01-10,,',
      '"Bo, the ""Second""",Bell,bo.bell@example.com,"Lecturer',
      'with a line break",Astrology,2024-01-10,-5,',
      '',
      'Cy,Cole,not-an-email,Lecturer,CIT,10/01/2024,lots,fired',
      ',,dee@example.com,,CIT,,,',
    ].join('\r\n');
    const answer = await importStaff(ctx(), csv);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe('Nothing imported: 3 of 4 rows were refused (all or nothing)');
    expect(answer.body.data.report).toEqual({
      mode: 'all_or_nothing',
      dry_run: false,
      total_rows: 4,
      valid_rows: 1,
      imported: 0,
      refused_rows: 3,
      refused: [
        {
          row: 3,
          field: 'department',
          message:
            'Department must be one of CIT, Electrical Engineering, Civil Engineering, Media Studies, Commerce',
        },
        { row: 3, field: 'salary', message: 'Salary must be a number of at least 0' },
        { row: 5, field: 'email', message: 'Email must be a valid email address' },
        { row: 5, field: 'join_date', message: 'Join date must be a date (YYYY-MM-DD)' },
        { row: 5, field: 'salary', message: 'Salary must be a number of at least 0' },
        { row: 5, field: 'status', message: 'Status must be one of active, on-leave, inactive' },
        { row: 6, field: 'first_name', message: 'First name is required' },
        { row: 6, field: 'last_name', message: 'Last name is required' },
        { row: 6, field: 'position', message: 'Position is required' },
        { row: 6, field: 'join_date', message: 'Join date is required' },
      ],
      refused_truncated: false,
      ignored_columns: [],
    });
    expect(await tableSnapshot(ctx().db)).toEqual(before);
  });

  it('stores exactly the valid rows, valid rows only, with one audit entry', async () => {
    const csv = [
      HEADER,
      'Val,One,val.one@example.com,Lecturer,CIT,2024-01-10',
      'Bad,Dept,bad.dept@example.com,Lecturer,Nowhere,2024-01-10',
      'Val,Two,val.two@example.com,Lecturer,Commerce,2024-01-11',
    ].join('\n');
    const { result, entries } = await auditedBy(ctx().db, () =>
      importStaff(ctx(), csv, { mode: 'valid_rows_only' }),
    );
    expect(result.body.message).toBe('2 rows imported, 1 row refused');
    expect(result.body.data.report).toMatchObject({ imported: 2, valid_rows: 2, refused_rows: 1 });
    expect(
      await emailsOnStaff(ctx(), [
        'val.one@example.com',
        'val.two@example.com',
        'bad.dept@example.com',
      ]),
    ).toEqual(['val.one@example.com', 'val.two@example.com']);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'Staff Import',
      description:
        'Staff Import: 2 rows imported, 1 row refused (valid rows only): Val One (val.one@example.com), Val Two (val.two@example.com)',
      entity_type: 'employee',
      after: { mode: 'valid_rows_only', total_rows: 3, imported: 2, refused_rows: 1 },
    });
    expect((entries[0]!.after as { employees: unknown[] }).employees).toHaveLength(2);
  });

  it('refuses an email or employee ID used twice in the file or already on the staff', async () => {
    await insertEmployee(ctx().db, { email: 'taken@example.com', employee_code: 'T-1' });
    const csv = [
      HEADER + ',employee_code',
      'Dup,One,Twice@Example.com,Lecturer,CIT,2024-01-10,',
      'Dup,Two, twice@example.com ,Lecturer,CIT,2024-01-10,',
      'Code,One,code.one@example.com,Lecturer,CIT,2024-01-10,C-9',
      'Code,Two,code.two@example.com,Lecturer,CIT,2024-01-10,C-9',
      'Taken,Mail,TAKEN@example.com,Lecturer,CIT,2024-01-10,',
      'Taken,Code,taken.code@example.com,Lecturer,CIT,2024-01-10,T-1',
      'Fine,Row,fine.row@example.com,Lecturer,CIT,2024-01-10,C-10',
    ].join('\n');
    const answer = await importStaff(ctx(), csv, { mode: 'valid_rows_only' });
    expect(answer.body.data.report.refused).toEqual([
      {
        row: 2,
        field: 'email',
        message: 'This email is on more than one row of the file (rows 2, 3)',
      },
      {
        row: 3,
        field: 'email',
        message: 'This email is on more than one row of the file (rows 2, 3)',
      },
      {
        row: 4,
        field: 'employee_code',
        message: 'This Employee ID is on more than one row of the file (rows 4, 5)',
      },
      {
        row: 5,
        field: 'employee_code',
        message: 'This Employee ID is on more than one row of the file (rows 4, 5)',
      },
      { row: 6, field: 'email', message: 'An employee with this email already exists' },
      {
        row: 7,
        field: 'employee_code',
        message: 'An employee with this Employee ID already exists',
      },
    ]);
    expect(answer.body.data.report.imported).toBe(1);
    expect(await emailsOnStaff(ctx(), ['twice@example.com', 'fine.row@example.com'])).toEqual([
      'fine.row@example.com',
    ]);
  });

  it('finds managers by email or employee ID, on the staff or in the file in any order', async () => {
    const boss = await insertEmployee(ctx().db, {
      email: 'the.boss@example.com',
      employee_code: 'BOSS',
    });
    const csv = [
      HEADER + ',employee_code,manager_email,manager_employee_code',
      'Rep,Two,rep.two@example.com,Lecturer,CIT,2024-01-10,R-2,,R-1',
      'Rep,One,rep.one@example.com,Lecturer,CIT,2024-01-10,R-1,THE.BOSS@example.com,',
      'Rep,Three,rep.three@example.com,Lecturer,CIT,2024-01-10,,rep.two@example.com,WRONG',
      'No,Body,no.body@example.com,Lecturer,CIT,2024-01-10,,ghost@example.com,',
      'No,Code,no.code@example.com,Lecturer,CIT,2024-01-10,,,GHOST',
      'Self,Made,self@example.com,Lecturer,CIT,2024-01-10,,self@example.com,',
      'Loop,A,loop.a@example.com,Lecturer,CIT,2024-01-10,,loop.b@example.com,',
      'Loop,B,loop.b@example.com,Lecturer,CIT,2024-01-10,,loop.a@example.com,',
      'Hangs,On,hangs.on@example.com,Lecturer,CIT,2024-01-10,,loop.a@example.com,',
      'Under,Ghost,under.ghost@example.com,Lecturer,CIT,2024-01-10,,no.body@example.com,',
    ].join('\n');
    const answer = await importStaff(ctx(), csv, { mode: 'valid_rows_only' });
    expect(answer.body.data.report.refused).toEqual([
      {
        row: 5,
        field: 'manager_email',
        message: 'No employee has this manager email, in the file or on the staff',
      },
      {
        row: 6,
        field: 'manager_employee_code',
        message: 'No employee has this manager Employee ID, in the file or on the staff',
      },
      { row: 7, field: 'manager_email', message: 'An employee cannot be their own manager' },
      {
        row: 8,
        field: 'manager_email',
        message:
          'The managers of rows 8, 9 lead back to each other: nobody can report to someone who reports to them',
      },
      {
        row: 9,
        field: 'manager_email',
        message:
          'The managers of rows 8, 9 lead back to each other: nobody can report to someone who reports to them',
      },
      { row: 10, field: 'manager_email', message: "The manager's own row (row 8) was refused" },
      { row: 11, field: 'manager_email', message: "The manager's own row (row 5) was refused" },
    ]);
    const people = await ctx()
      .db.selectFrom('employees as e')
      .leftJoin('employees as m', 'm.id', 'e.manager_id')
      .select(['e.email', 'm.email as manager'])
      .where('e.email', 'like', 'rep.%')
      .orderBy('e.email')
      .execute();
    expect(people).toEqual([
      { email: 'rep.one@example.com', manager: 'the.boss@example.com' },
      { email: 'rep.three@example.com', manager: 'rep.two@example.com' },
      { email: 'rep.two@example.com', manager: 'rep.one@example.com' },
    ]);
    expect(boss).toBeGreaterThan(0);
  });

  it('reads what spreadsheets write: BOM, any line end, quotes, spaces, column names in any case', async () => {
    const csv =
      '\uFEFF First Name ,LAST-NAME,Email,Position,Department,Join Date,Favourite Colour\r' +
      '  Spaced ,  Out  ," spaced.out@example.com ",Lecturer,CIT,2024-01-10,blue\n' +
      '\n' +
      ',,,,,,\r\n' +
      'Quoted,"O\'Neil, Jr.",quoted@example.com,"Senior ""Lead""",Commerce,2024-02-29,\n' +
      'Extra,Values,extra@example.com,Lecturer,CIT,2024-01-10,red,unexpected\n';
    const answer = await importStaff(ctx(), csv, { mode: 'valid_rows_only' });
    expect(answer.body.data.report).toMatchObject({
      total_rows: 3,
      imported: 2,
      refused: [
        {
          row: 6,
          message: 'This row has 8 values but the header names 7 columns',
        },
      ],
      ignored_columns: ['favourite_colour'],
    });
    const stored = await ctx()
      .db.selectFrom('employees')
      .select(['first_name', 'last_name', 'email', 'position'])
      .where('email', 'in', ['spaced.out@example.com', 'quoted@example.com'])
      .orderBy('email')
      .execute();
    expect(stored).toEqual([
      {
        first_name: 'Quoted',
        last_name: "O'Neil, Jr.",
        email: 'quoted@example.com',
        position: 'Senior "Lead"',
      },
      {
        first_name: 'Spaced',
        last_name: 'Out',
        email: 'spaced.out@example.com',
        position: 'Lecturer',
      },
    ]);
  });

  it('takes back the apostrophe that protects formulas, once, and only before a formula', async () => {
    const csv = [
      HEADER + ',notes',
      `'=Eq,'+Plus,apostrophe@example.com,'-Minus,CIT,2024-01-10,''=kept one`,
      `'Plain,O'Brien,plain.apostrophe@example.com,'@home,CIT,2024-01-10,'quoted`,
    ].join('\n');
    await importStaff(ctx(), csv);
    const stored = await ctx()
      .db.selectFrom('employees')
      .select(['first_name', 'last_name', 'position', 'notes'])
      .where('email', 'in', ['apostrophe@example.com', 'plain.apostrophe@example.com'])
      .orderBy('email')
      .execute();
    expect(stored).toEqual([
      { first_name: '=Eq', last_name: '+Plus', position: '-Minus', notes: "'=kept one" },
      { first_name: "'Plain", last_name: "O'Brien", position: '@home', notes: "'quoted" },
    ]);
  });

  it('checks a dry run like an import and stores nothing', async () => {
    const before = await tableSnapshot(ctx().db);
    const csv = [
      HEADER,
      'Dry,Run,dry.run@example.com,Lecturer,CIT,2024-01-10',
      'Dry,Bad,dry.bad@example.com,,CIT,2024-01-10',
    ].join('\n');
    for (const mode of ['all_or_nothing', 'valid_rows_only']) {
      const answer = await importStaff(ctx(), csv, { mode, dry_run: true });
      expect(answer.body.message).toBe(
        'Checked 2 rows: 1 row can be imported, 1 row would be refused',
      );
      expect(answer.body.data.report).toMatchObject({
        mode,
        dry_run: true,
        valid_rows: 1,
        imported: 0,
        refused: [{ row: 3, field: 'position', message: 'Position is required' }],
      });
    }
    expect(await tableSnapshot(ctx().db)).toEqual(before);
  });

  it('refuses a file it cannot read with a 400 on csv, storing nothing', async () => {
    const before = await tableSnapshot(ctx().db);
    const cases: [string, string][] = [
      ['', 'The file is empty: its first row must name the columns'],
      ['\uFEFF \r\n', 'The file is empty: its first row must name the columns'],
      [HEADER + '\n\n', 'The file has a header but no rows to import'],
      [
        'first_name,last_name,position\nA,B,C',
        'The header lacks required columns: email, department, join_date',
      ],
      [
        HEADER + ',Email\nA,B,a@example.com,P,CIT,2024-01-01,x',
        'The header names the column email twice',
      ],
      [
        HEADER + '\nA,"B,a@example.com,P,CIT,2024-01-01',
        'The file is not valid CSV near line 2: a quoted value is never closed',
      ],
      [
        `${HEADER}\n${'A,B,a@example.com,P,CIT,2024-01-01\n'.repeat(MAX_IMPORT_ROWS + 1)}`,
        'A file may hold at most 100,000 rows: split it into several imports',
      ],
    ];
    for (const [csv, message] of cases) {
      const answer = await importStaff(ctx(), csv);
      expect(answer.status, csv.slice(0, 80)).toBe(400);
      expect(answer.body).toEqual(errorEnvelope(message, 'csv'));
    }
    expect(await tableSnapshot(ctx().db)).toEqual(before);
  });

  it('takes a file of several megabytes and refuses one over 10 MB with 413', async () => {
    const padding = 'p'.repeat(3 * 1024 * 1024);
    const big = `${HEADER},padding\nBig,File,big.file@example.com,Lecturer,CIT,2024-01-10,${padding}`;
    const answer = await importStaff(ctx(), big);
    expect(answer.status).toBe(200);
    expect(answer.body.data.report).toMatchObject({ imported: 1, ignored_columns: ['padding'] });

    const tooBig = `${HEADER}\n${'x'.repeat(IMPORT_BODY_LIMIT_BYTES)}`;
    const refused = await importStaff(ctx(), tooBig);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual(errorEnvelope('Request body is too large (the limit is 10 MB)'));
    const elsewhere = await ctx().call('POST', '/api/employees', {
      token: ctx().as.manager.token,
      body: { notes: padding },
    });
    expect(elsewhere.body.message).toBe('Request body is too large (the limit is 1 MB)');
  });
});
