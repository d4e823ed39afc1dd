import type { Kysely } from 'kysely';
import {
  BONUS_DATE_LABEL,
  BONUS_MESSAGES as MESSAGES,
  type AwardBonusBody,
  type Bonus,
  type BonusCursorList,
  type BonusList,
  type BonusListQuery,
  type BonusStatus,
  type UpdateBonusBody,
} from '#contract/bonuses';
import type { PageQuery } from '#contract/envelope';
import { nextCursorOf } from '#contract/page-cursor';
import { isForeignKeyViolation, violatedConstraint } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { AppError, badRequest } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { describeEmployee } from '../performance-metrics/employee-summary';
import { checkNotBeforeJoining, findJoinerForWrite } from '../performance-metrics/join-date-rule';
import {
  countBonuses,
  deleteBonus,
  findBonusForChange,
  findEnrichedBonus,
  insertBonus,
  pageOfEnrichedBonuses,
  updateBonus,
} from './bonuses.repository';
import { retriedTransaction } from '../../db/retried-transaction';

const notFoundIn = (message: string, field?: string) =>
  new AppError(404, message, field ? [{ field, message }] : undefined);

async function enrichedOrThrow(db: Kysely<DB>, id: number): Promise<Bonus> {
  const bonus = await findEnrichedBonus(db, id);
  if (!bonus) throw notFoundIn(MESSAGES.bonusNotFound);
  return bonus;
}

/**
 * The insert broke a foreign key: the employee was deleted by a concurrent transaction after the
 * check found them (PostgreSQL; SQLite has one writer). Answer as if the delete had come first.
 */
function employeeGone(error: unknown): never {
  const constraint = violatedConstraint(error) ?? '';
  if (isForeignKeyViolation(error) && (constraint === '' || constraint.includes('employee_id'))) {
    throw notFoundIn(MESSAGES.employeeNotFound, 'employee_id');
  }
  throw error;
}

export function createBonusesService(db: Kysely<DB>) {
  async function page(employeeId: number | undefined, query: PageQuery): Promise<BonusList> {
    const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
    const { rows, total } = await pageOfEnrichedBonuses(db, employeeId, window);
    return {
      bonuses: rows,
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  return {
    /** All bonuses or an employee's, at a page number or after a cursor (contract/page-cursor.ts). */
    async list(query: BonusListQuery): Promise<BonusCursorList> {
      const window = query.cursor
        ? { limit: query.limit, cursor: query.cursor }
        : { limit: query.limit, offset: (query.page - 1) * query.limit };
      const { rows, total, more } = await pageOfEnrichedBonuses(db, query.employee_id, window);
      return {
        bonuses: rows,
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          next_cursor: nextCursorOf(rows, more),
        },
      };
    },

    /** The caller's own bonuses; none for an account not linked to an employee. */
    listOwn(employeeId: number | null, query: PageQuery): Promise<BonusList> {
      if (employeeId === null) {
        return Promise.resolve({
          bonuses: [],
          pagination: { page: query.page, limit: query.limit, total: 0 },
        });
      }
      return page(employeeId, query);
    },

    /**
     * One indexed count of the caller's bonuses: what the bonus toast needs, nothing more.
     * `readByGuard`: the route's caller figure, undefined when the guard did not read it.
     */
    async statusOf(employeeId: number | null, readByGuard?: unknown): Promise<BonusStatus> {
      const count =
        readByGuard !== undefined
          ? Number(readByGuard)
          : employeeId === null
            ? 0
            : await countBonuses(db, employeeId);
      return { has_bonuses: count > 0, bonus_count: count };
    },

    async award(body: AwardBonusBody, actor: Actor): Promise<Bonus> {
      return retriedTransaction(db, async (trx) => {
        const employee = await findJoinerForWrite(trx, body.employee_id);
        if (!employee) throw notFoundIn(MESSAGES.employeeNotFound, 'employee_id');
        const now = nowIso();
        const createdAt = body.created_at ?? now;
        const early = checkNotBeforeJoining(createdAt, employee, BONUS_DATE_LABEL);
        if (early) throw badRequest(early, 'created_at');
        const id = await insertBonus(trx, {
          employee_id: body.employee_id,
          bonus_name: body.bonus_name,
          description: body.description,
          awarded_by: actor.userId,
          created_at: createdAt,
          updated_at: now,
        }).catch(employeeGone);
        const created = await enrichedOrThrow(trx, id);
        await writeAudit(trx, actor, {
          name: 'Bonus Assignment',
          description: `Awarded bonus ${created.bonus_name} to ${describeEmployee(employee)}`,
          entityType: 'bonus',
          entityId: id,
          after: created,
        });
        return created;
      });
    },

    async update(id: number, body: UpdateBonusBody, actor: Actor): Promise<Bonus> {
      return retriedTransaction(db, async (trx) => {
        const stored = await findBonusForChange(trx, id);
        if (!stored) throw notFoundIn(MESSAGES.bonusNotFound);
        if (body.employee_id !== undefined && body.employee_id !== stored.employee_id) {
          throw badRequest(MESSAGES.employeeIsFixed, 'employee_id');
        }
        const before = await enrichedOrThrow(trx, id);
        await updateBonus(trx, id, {
          bonus_name: body.bonus_name,
          description: body.description,
          updated_at: nowIso(),
        });
        const after = await enrichedOrThrow(trx, id);
        await writeAudit(trx, actor, {
          name: 'Bonus Updated',
          description: `Updated bonus ${before.bonus_name} of ${describeEmployee(after)}`,
          entityType: 'bonus',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await retriedTransaction(db, async (trx) => {
        const stored = await findBonusForChange(trx, id);
        if (!stored) throw notFoundIn(MESSAGES.bonusNotFound);
        const before = await enrichedOrThrow(trx, id);
        await deleteBonus(trx, id);
        await writeAudit(trx, actor, {
          name: 'Bonus Deleted',
          description: `Deleted bonus ${before.bonus_name} of ${describeEmployee(before)}`,
          entityType: 'bonus',
          entityId: id,
          before,
        });
      });
    },
  };
}

export type BonusesService = ReturnType<typeof createBonusesService>;
