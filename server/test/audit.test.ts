import type { HTTPMethods } from 'fastify';
import { expect, it } from 'vitest';
import {
  countAuditEntries,
  latestAuditEntryId,
  listAuditEntries,
  listAuditEntryKeys,
  matchesSearch,
} from '../src/modules/audit/audit.repository';
import { nowIso } from '../src/lib/clock';
import { writeAudit } from '../src/modules/audit/audit.writer';
import { auditedBy, auditEntryCount, insertAuditEntry } from './helpers/audit';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine } from './helpers/test-app';

describeEachEngine('audit trail', (ctx) => {
  it('is for admins only: anonymous 401, employee and manager 403', async () => {
    const id = await insertAuditEntry(ctx().db, { name: 'Access Check', description: 'x' });
    for (const url of ['/api/audit', `/api/audit/${id}`]) {
      expect((await ctx().call('GET', url)).status).toBe(401);
      for (const role of ['employee', 'manager'] as const) {
        const res = await ctx().call('GET', url, { token: ctx().as[role].token });
        expect(res.status, `${role} ${url}`).toBe(403);
        expect(res.body.success).toBe(false);
        expect(JSON.stringify(res.body)).not.toContain('Access Check');
      }
      expect((await ctx().call('GET', url, { token: ctx().as.admin.token })).status).toBe(200);
    }
  });

  it('answers every entry in full, newest first, with parsed before and after', async () => {
    const tag = `Ordering${ctx().engine}`;
    await insertAuditEntry(ctx().db, {
      name: `${tag} Oldest`,
      description: 'first',
      createdAt: '2020-01-01T08:00:00.000Z',
    });
    await insertAuditEntry(ctx().db, {
      name: `${tag} Newest`,
      description: 'third',
      createdAt: '2022-01-01T08:00:00.000Z',
    });
    const middle = await insertAuditEntry(ctx().db, {
      name: `${tag} Middle`,
      description: 'Ada Lovelace (ada@example.com) awarded "Star" to Grace Hopper',
      actorUserId: ctx().as.admin.id,
      actorEmail: ctx().as.admin.email,
      ip: '203.0.113.7',
      entityType: 'bonus',
      entityId: 42,
      before: { bonus_name: 'Old', amount: 1 },
      after: { bonus_name: 'Star', amount: 2, tags: ['a', 'b'] },
      createdAt: '2021-06-15T12:30:00.000Z',
    });

    const res = await ctx().call('GET', `/api/audit?search=${tag}`, {
      token: ctx().as.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const names = res.body.data.audit_trails.map((entry: { name: string }) => entry.name);
    expect(names).toEqual([`${tag} Newest`, `${tag} Middle`, `${tag} Oldest`]);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 50, total: 3 });
    expect(res.body.data.audit_trails[1]).toEqual({
      id: middle,
      name: `${tag} Middle`,
      description: 'Ada Lovelace (ada@example.com) awarded "Star" to Grace Hopper',
      actor: { user_id: ctx().as.admin.id, email: ctx().as.admin.email },
      ip_address: '203.0.113.7',
      entity_type: 'bonus',
      entity_id: 42,
      before: { bonus_name: 'Old', amount: 1 },
      after: { bonus_name: 'Star', amount: 2, tags: ['a', 'b'] },
      created_at: '2021-06-15T12:30:00.000Z',
      updated_at: '2021-06-15T12:30:00.000Z',
    });
    expect(res.body.data.audit_trails[0]).toMatchObject({
      actor: { user_id: null, email: null },
      ip_address: null,
      entity_type: null,
      entity_id: null,
      before: null,
      after: null,
    });
  });

  it('answers a page again from the entries it remembers, and a new entry moves the page', async () => {
    const tag = `Remembered${ctx().engine}`;
    const inserted = async (name: string, createdAt: string) =>
      insertAuditEntry(ctx().db, {
        name: `${tag} ${name}`,
        description: 'a "quoted" \\ description',
        after: { name },
        createdAt,
      });
    await inserted('First', '2099-01-01T08:00:00.000Z');
    await inserted('Second', '2099-01-02T08:00:00.000Z');
    await inserted('Third', '2099-01-03T08:00:00.000Z');
    // A query parameter of its own for each read, so the response cache answers none of them.
    let read = 0;
    const page = async (query: string) => {
      const res = await ctx().call('GET', `/api/audit?limit=2&${query}&read=${read++}`, {
        token: ctx().as.admin.token,
      });
      expect(res.status).toBe(200);
      return res.body.data as {
        audit_trails: { name: string; after: unknown }[];
        pagination: { total: number };
      };
    };
    const names = (data: Awaited<ReturnType<typeof page>>) =>
      data.audit_trails.map((entry) => entry.name);

    for (const query of [`search=${tag}`, 'page=1']) {
      const first = await page(query);
      expect(names(first)).toEqual([`${tag} Third`, `${tag} Second`]);
      expect(await page(query)).toEqual(first);
    }
    expect((await page(`search=${tag}`)).pagination.total).toBe(3);

    await inserted('Fourth', '2099-01-04T08:00:00.000Z');
    for (const query of [`search=${tag}`, 'page=1']) {
      const moved = await page(query);
      expect(names(moved)).toEqual([`${tag} Fourth`, `${tag} Third`]);
      expect(moved.audit_trails[0]!.after).toEqual({ name: 'Fourth' });
    }
    const second = await page(`search=${tag}&page=2`);
    expect(names(second)).toEqual([`${tag} Second`, `${tag} First`]);
    expect(second.pagination.total).toBe(4);
  });

  it('searches name and description case-insensitively, with % and _ taken literally', async () => {
    const tag = `Searchable${ctx().engine}`;
    await insertAuditEntry(ctx().db, { name: `${tag} Bonus Assignment`, description: 'plain' });
    await insertAuditEntry(ctx().db, {
      name: 'Performance Metric Update',
      description: `Score of ${tag.toUpperCase()} raised by 50% for Q_1`,
    });
    await insertAuditEntry(ctx().db, { name: 'Unrelated', description: 'nothing to see' });

    const search = async (term: string) => {
      const res = await ctx().call('GET', `/api/audit?search=${encodeURIComponent(term)}`, {
        token: ctx().as.admin.token,
      });
      expect(res.status).toBe(200);
      return res.body.data.audit_trails.map((entry: { name: string }) => entry.name) as string[];
    };

    expect((await search(tag.toLowerCase())).sort()).toEqual(
      [`${tag} Bonus Assignment`, 'Performance Metric Update'].sort(),
    );
    expect(await search(`  ${tag.toUpperCase()} BONUS  `)).toEqual([`${tag} Bonus Assignment`]);
    expect(await search('50%')).toEqual(['Performance Metric Update']);
    expect(await search('Q_1')).toEqual(['Performance Metric Update']);
    // Wildcards are literal: "5_%" would match "50%" if they were not escaped.
    expect(await search('5_%')).toEqual([]);
    expect(await search('%')).toEqual(['Performance Metric Update']);
    expect(await search(`${tag}-no-such-thing`)).toEqual([]);
  });

  it('pages in SQL and reports the total', async () => {
    const tag = `Paged${ctx().engine}`;
    for (let i = 1; i <= 5; i++) {
      await insertAuditEntry(ctx().db, {
        name: `${tag} ${i}`,
        description: 'page me',
        createdAt: `2019-01-0${i}T00:00:00.000Z`,
      });
    }
    const page = async (n: number) =>
      ctx().call('GET', `/api/audit?search=${tag}&page=${n}&limit=2`, {
        token: ctx().as.admin.token,
      });
    const names = async (n: number) =>
      (await page(n)).body.data.audit_trails.map((entry: { name: string }) => entry.name);
    expect(await names(1)).toEqual([`${tag} 5`, `${tag} 4`]);
    expect(await names(2)).toEqual([`${tag} 3`, `${tag} 2`]);
    expect(await names(3)).toEqual([`${tag} 1`]);
    expect(await names(4)).toEqual([]);
    expect((await page(2)).body.data.pagination).toEqual({ page: 2, limit: 2, total: 5 });

    // A term most entries hold, which PostgreSQL finds by walking the newest entries.
    const common = await ctx().call('GET', '/api/audit?search=E&page=2&limit=2', {
      token: ctx().as.admin.token,
    });
    const scanned = await ctx()
      .db.selectFrom('audit_entries')
      .select('id')
      .where(matchesSearch(ctx().db, 'e', { useIndex: false }))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(common.body.data.audit_trails.map((entry: { id: number }) => entry.id)).toEqual(
      scanned.slice(2, 4).map((row) => row.id),
    );
    expect(common.body.data.pagination.total).toBe(scanned.length);

    const all = await ctx().call('GET', '/api/audit?limit=1000', { token: ctx().as.admin.token });
    expect(all.body.data.pagination.total).toBe(await auditEntryCount(ctx().db));
    const first = await ctx().call('GET', '/api/audit?limit=1', { token: ctx().as.admin.token });
    expect(first.body.data.audit_trails).toHaveLength(1);
    expect(first.body.data.pagination.total).toBe(await auditEntryCount(ctx().db));
    const pastEnd = await ctx().call('GET', '/api/audit?limit=1&page=100000', {
      token: ctx().as.admin.token,
    });
    expect(pastEnd.body.data.audit_trails).toEqual([]);
    expect(pastEnd.body.data.pagination.total).toBe(await auditEntryCount(ctx().db));
  });

  it('rejects bad paging and search input with 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['limit=1001', 'limit', 'limit must be at most 1000'],
      ['page=0', 'page', 'page must be at least 1'],
      ['page=abc', 'page', 'page must be a whole number'],
      [`search=${'x'.repeat(201)}`, 'search', 'search must be at most 200 characters'],
    ];
    for (const [query, field, message] of cases) {
      const res = await ctx().call('GET', `/api/audit?${query}`, { token: ctx().as.admin.token });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorEnvelope(message, field));
    }
  });

  it('answers one entry by id, 404 for an unknown id and 400 for a malformed one', async () => {
    const id = await insertAuditEntry(ctx().db, {
      name: 'Single Entry',
      description: 'one',
      after: { x: 1 },
    });
    const res = await ctx().call('GET', `/api/audit/${id}`, { token: ctx().as.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.audit_trail).toMatchObject({ id, name: 'Single Entry', after: { x: 1 } });

    const missing = await ctx().call('GET', '/api/audit/999999', { token: ctx().as.admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorEnvelope('Audit entry not found'));

    const malformedMessage = 'id must be a positive whole number';
    const malformed = await ctx().call('GET', '/api/audit/abc', { token: ctx().as.admin.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(errorEnvelope(malformedMessage, 'id'));
  });

  it('has no way to create, edit or delete an entry', async () => {
    const id = await insertAuditEntry(ctx().db, {
      name: 'Immutable Entry',
      description: 'must not change',
      after: { kept: true },
    });
    const countBefore = await auditEntryCount(ctx().db);
    const rowBefore = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const body = { name: 'Forged', description: 'forged', created_at: '2000-01-01T00:00:00Z' };

    const attempts: [HTTPMethods, string][] = [
      ['POST', '/api/audit'],
      ['PUT', '/api/audit'],
      ['PATCH', '/api/audit'],
      ['DELETE', '/api/audit'],
      ['POST', `/api/audit/${id}`],
      ['PUT', `/api/audit/${id}`],
      ['PATCH', `/api/audit/${id}`],
      ['DELETE', `/api/audit/${id}`],
    ];
    for (const [method, url] of attempts) {
      const res = await ctx().call(method, url, {
        token: ctx().as.admin.token,
        ...(method === 'DELETE' ? {} : { body }),
      });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.success).toBe(false);
    }

    expect(await auditEntryCount(ctx().db)).toBe(countBefore);
    const rowAfter = await ctx()
      .db.selectFrom('audit_entries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(rowAfter).toEqual(rowBefore);

    const docs = await ctx().call('GET', '/api/openapi.json');
    const auditPaths = Object.entries(docs.body.paths as Record<string, object>).filter(([path]) =>
      path.startsWith('/api/audit'),
    );
    for (const [path, operations] of auditPaths) {
      expect(Object.keys(operations), path).toEqual(['get']);
    }
  });

  it('shows real sign-ins with who, when and from where; one entry per sign-in', async () => {
    const user = await ctx().newUser('manager');
    const { result, entries } = await auditedBy(ctx().db, () =>
      ctx().call('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        remoteAddress: '198.51.100.23',
      }),
    );
    expect(result.status).toBe(200);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'User Login',
      actor: { user_id: user.id, email: user.email },
      ip_address: '198.51.100.23',
      entity_type: 'user',
      entity_id: user.id,
    });

    const res = await ctx().call('GET', `/api/audit?search=${encodeURIComponent(user.email)}`, {
      token: ctx().as.admin.token,
    });
    expect(res.body.data.audit_trails[0].id).toBe(entries[0]!.id);
  });

  it('never shows secrets, even when a writer passes a raw row', async () => {
    await writeAudit(
      ctx().db,
      { userId: ctx().as.admin.id, email: ctx().as.admin.email, ip: '127.0.0.1' },
      {
        name: 'Secret Check',
        description: 'a raw row',
        before: { email: 'a@example.com', password_hash: '$argon2id$secret' },
        after: { email: 'b@example.com', password: 'plain-secret', token: 'jwt' },
      },
    );
    const res = await ctx().call('GET', '/api/audit?search=Secret%20Check', {
      token: ctx().as.admin.token,
    });
    const entry = res.body.data.audit_trails[0];
    expect(entry.before).toEqual({ email: 'a@example.com' });
    expect(entry.after).toEqual({ email: 'b@example.com' });
    expect(res.text).not.toMatch(/argon2id|plain-secret/);
  });

  it('keeps a search total exact as entries are added, and after one is deleted', async () => {
    const tag = `Remembered${Date.now()}`;
    const scan = async () =>
      (
        await ctx()
          .db.selectFrom('audit_entries')
          .select('id')
          .where(matchesSearch(ctx().db, tag, { useIndex: false }))
          .execute()
      ).length;
    const total = async () => {
      const res = await ctx().call('GET', `/api/audit?search=${tag.toLowerCase()}&limit=1`, {
        token: ctx().as.admin.token,
      });
      return res.body.data.pagination.total as number;
    };
    for (let i = 0; i < 3; i++) {
      await insertAuditEntry(ctx().db, { name: `${tag} ${i}`, description: 'first' });
    }
    expect(await total()).toBe(3);
    await insertAuditEntry(ctx().db, { name: 'Other', description: `about ${tag.toUpperCase()}` });
    await insertAuditEntry(ctx().db, { name: 'Unrelated', description: 'nothing' });
    expect(await total()).toBe(4);
    expect(await countAuditEntries(ctx().db, { search: tag })).toBe(await scan());
    // Nothing in the product deletes entries; if something did, the total must still be right.
    const first = await ctx()
      .db.selectFrom('audit_entries')
      .select('id')
      .where('name', '=', `${tag} 0`)
      .executeTakeFirstOrThrow();
    await ctx().db.deleteFrom('audit_entries').where('id', '=', first.id).execute();
    expect(await countAuditEntries(ctx().db, { search: tag })).toBe(3);
    expect(await scan()).toBe(3);
  });

  it('counts a term exactly when many search it at the same time, and misses no entry', async () => {
    const tag = `Stampede${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      await insertAuditEntry(ctx().db, { name: `${tag} ${i}`, description: 'x' });
    }
    const db = ctx().db;
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countAuditEntries(db, { search: tag })),
    );
    expect(counts).toEqual(Array(20).fill(3));

    // A count asked after an entry is committed sees it, whatever counts ran before.
    const joined = [countAuditEntries(db, { search: `${tag} 1` })];
    await insertAuditEntry(ctx().db, { name: `${tag} 1 again`, description: 'x' });
    joined.push(countAuditEntries(db, { search: `${tag} 1` }));
    expect(await Promise.all(joined)).toEqual([expect.any(Number), 2]);
  });

  it('counts an entry that appears below the newest counted id (a late commit on PostgreSQL)', async () => {
    // PostgreSQL hands out ids before commit, so an entry can become visible after a newer one.
    // Simulated with explicit ids far above the rest, removed again at the end.
    const tag = `Late${Date.now()}`;
    const count = () => countAuditEntries(ctx().db, { search: tag });
    const newest = await latestAuditEntryId(ctx().db);
    const insertWithId = (id: number, name: string) =>
      ctx()
        .db.insertInto('audit_entries')
        .values({ id, name, description: 'x', created_at: nowIso(), updated_at: nowIso() })
        .execute();
    await insertWithId(newest + 1_000_010, `${tag} newer`);
    expect(await count()).toBe(1);
    await insertWithId(newest + 1_000_005, `${tag} late`);
    expect(await count()).toBe(2);
    await insertWithId(newest + 1_000_020, `${tag} newest`);
    expect(await count()).toBe(3);
    await ctx()
      .db.deleteFrom('audit_entries')
      .where('id', '>', newest + 1_000_000)
      .execute();
    expect(await count()).toBe(0);
  });

  it('finds through the search index exactly what a LIKE scan finds, on tricky terms', async () => {
    const texts = [
      ['ÉCOLE Straße', 'Müller met MÜLLER at the école'],
      ['Discount 50% off', 'a_b and a%b and a\\b'],
      ['Quoted "Star" award', "it's O'Brien's turn"],
      ['MiXeD CaSe Entry', 'KELVIN \u212A and ſ long s, İstanbul'],
      ['Emoji 🎉 party', 'naïve café crème'],
      ['xx', 'y'],
    ];
    for (const [name, description] of texts) {
      await insertAuditEntry(ctx().db, { name: name!, description: description! });
    }
    const terms = [
      ...['50%', '0% o', '%', '_', 'a_b', 'a%b', 'a\\b', '\\', '"star"', '"', '""', "it's", "'"],
      ...['ÉCOLE', 'école', 'École', 'straße', 'STRASSE', 'müller', 'MÜLLER', 'mixed case'],
      ...['MIXED', 'kelvin', 'k and', '\u212A and', 'long s', 'ſ lo', 'istanbul', 'i̇stanbul'],
      ...['🎉', '🎉 p', 'naïve', 'NAÏVE', 'café crème', 'xx', 'x', 'é', 'no such entry at all'],
      // Their first trigram is in an entry, the rest is not.
      ...['mixed up', 'café bar', 'KELVIN k'],
    ];
    const all = { limit: 1000, offset: 0 };
    for (const term of terms) {
      const scanned = await ctx()
        .db.selectFrom('audit_entries')
        .select('id')
        .where(matchesSearch(ctx().db, term, { useIndex: false }))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const expected = scanned.map((row) => row.id);
      const count = await countAuditEntries(ctx().db, { search: term });
      expect(count, term).toBe(expected.length);
      // Both ways of finding the page, whole and a page within: as the API does (in the
      // newest-first trigram table where it answers), and walking the entries.
      for (const useIndex of [true, false]) {
        const rows = await listAuditEntries(ctx().db, { search: term }, all, { useIndex });
        expect(
          rows.map((row) => row.id),
          `${term} (${useIndex})`,
        ).toEqual(expected);
        const within = await listAuditEntries(
          ctx().db,
          { search: term },
          { limit: 2, offset: 1 },
          { useIndex },
        );
        expect(within.map((row) => row.id)).toEqual(expected.slice(1, 3));
        // The page's keys, `id version,…` in the page's order (lib/remembered-items.ts).
        const { keys } = await listAuditEntryKeys(
          ctx().db,
          { search: term },
          { limit: 2, offset: 1 },
          { useIndex },
        );
        const keyIds = keys ? keys.split(',').map((key) => Number(key.split(' ')[0])) : [];
        expect(keyIds, `${term} keys (${useIndex})`).toEqual(expected.slice(1, 3));
      }
    }
    // Several matches in a page: their keys come in the page's order too.
    const written: number[] = [];
    for (const hour of ['09', '07', '08', '10']) {
      const createdAt = `2031-01-01T${hour}:00:00.000Z`;
      written.push(
        await insertAuditEntry(ctx().db, { name: 'Keyorder', description: 'x', createdAt }),
      );
    }
    const { keys } = await listAuditEntryKeys(
      ctx().db,
      { search: 'keyorder' },
      { limit: 2, offset: 1 },
    );
    expect(keys!.split(',').map((key) => Number(key.split(' ')[0]))).toEqual([
      written[0],
      written[2],
    ]);
    expect(await countAuditEntries(ctx().db, { search: '50%' })).toBeGreaterThan(0);
    expect(await countAuditEntries(ctx().db, { search: 'MÜLLER' })).toBeGreaterThan(0);
  });
});
