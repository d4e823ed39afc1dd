import type { Kysely } from 'kysely';
import type { PageQuery } from '#contract/envelope';
import { checkMetricValue, toHundredths } from '#contract/metric-value-rule';
import { nextCursorOf } from '#contract/page-cursor';
import {
  METRIC_VALUE_DATE_LABEL,
  PERFORMANCE_METRIC_MESSAGES as MESSAGES,
  type PerformanceMetric,
  type PerformanceMetricCursorList,
  type PerformanceMetricList,
  type PerformanceMetricListQuery,
  type RecordMetricValueBody,
  type UpdateMetricValueBody,
} from '#contract/performance-metrics';
import { isForeignKeyViolation, violatedConstraint } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { AppError, badRequest } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { findMetricTypeById } from '../metric-types/metric-types.repository';
import { moveScoreTotals, moveScoreTotalsAndAudit } from '../scores/move-score-totals';
import { describeEmployee, findEmployeeSummary } from './employee-summary';
import { checkNotBeforeJoining, findTypeAndJoinerForWrite } from './join-date-rule';
import {
  deleteValue,
  findEnrichedValue,
  findValueForChange,
  insertValue,
  toPerformanceMetric,
  updateValue,
  type ValueFilter,
} from './performance-metrics.repository';
import { pageOfEnrichedValues } from './metric-value-pages.repository';
import { retriedTransaction } from '../../db/retried-transaction';

const notFoundIn = (message: string, field?: string) =>
  new AppError(404, message, field ? [{ field, message }] : undefined);

/**
 * The insert broke a foreign key: the employee or metric type was deleted by a concurrent
 * transaction after the checks found it (PostgreSQL; SQLite has one writer). Answer as if the
 * delete had come first.
 */
function answerGoneReference(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    const constraint = violatedConstraint(error) ?? '';
    if (constraint.includes('metric_type_id')) {
      throw notFoundIn(MESSAGES.metricTypeNotFound, 'metric_type_id');
    }
    if (constraint === '' || constraint.includes('user_id')) {
      throw notFoundIn(MESSAGES.employeeNotFound, 'user_id');
    }
  }
  throw error;
}

/** "85.5%", "12 hours", "40": a value as a person reads it in the audit trail. */
function withUnit(value: number, unit: string | null): string {
  if (!unit) return String(value);
  return unit === '%' ? `${value}%` : `${value} ${unit}`;
}

async function enrichedOrThrow(db: Kysely<DB>, id: number): Promise<PerformanceMetric> {
  const value = await findEnrichedValue(db, id);
  if (!value) throw notFoundIn(MESSAGES.metricNotFound);
  return value;
}

export function createPerformanceMetricsService(db: Kysely<DB>) {
  async function page(filter: ValueFilter, query: PageQuery): Promise<PerformanceMetricList> {
    const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
    const { rows, total } = await pageOfEnrichedValues(db, filter, window);
    return {
      performance_metrics: rows,
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  return {
    /** All values or a filter's, at a page number or after a cursor (contract/page-cursor.ts). */
    async list(query: PerformanceMetricListQuery): Promise<PerformanceMetricCursorList> {
      const filter = { userId: query.user_id, metricTypeId: query.metric_type_id };
      const window = query.cursor
        ? { limit: query.limit, cursor: query.cursor }
        : { limit: query.limit, offset: (query.page - 1) * query.limit };
      const { rows, total, more } = await pageOfEnrichedValues(db, filter, window);
      return {
        performance_metrics: rows,
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          next_cursor: nextCursorOf(rows, more),
        },
      };
    },

    async listForEmployee(employeeId: number, query: PageQuery): Promise<PerformanceMetricList> {
      const list = await page({ userId: employeeId }, query);
      // Only an empty answer can be an unknown employee: ask then, not on every page.
      if (list.pagination.total === 0 && !(await findEmployeeSummary(db, employeeId))) {
        throw notFoundIn(MESSAGES.employeeNotFound);
      }
      return list;
    },

    /** The caller's own values; none at all for an account not linked to an employee. */
    async listOwn(employeeId: number | null, query: PageQuery): Promise<PerformanceMetricList> {
      if (employeeId === null) {
        return {
          performance_metrics: [],
          pagination: { page: query.page, limit: query.limit, total: 0 },
        };
      }
      return page({ userId: employeeId }, query);
    },

    async record(body: RecordMetricValueBody, actor: Actor): Promise<PerformanceMetric> {
      return retriedTransaction(db, async (trx) => {
        const { type, employee } = await findTypeAndJoinerForWrite(
          trx,
          body.metric_type_id,
          body.user_id,
        );
        if (!type) throw notFoundIn(MESSAGES.metricTypeNotFound, 'metric_type_id');
        if (!employee) throw notFoundIn(MESSAGES.employeeNotFound, 'user_id');
        const problem = checkMetricValue(body.value, type);
        if (problem) throw badRequest(problem, 'value');

        const now = nowIso();
        const createdAt = body.created_at ?? now;
        const early = checkNotBeforeJoining(createdAt, employee, METRIC_VALUE_DATE_LABEL);
        if (early) throw badRequest(early, 'created_at');
        const hundredths = toHundredths(body.value);
        const row = {
          user_id: body.user_id,
          metric_type_id: body.metric_type_id,
          value_hundredths: hundredths,
          comment: body.comment,
          recorded_by: actor.userId,
          created_at: createdAt,
          updated_at: now,
        };
        const id = await insertValue(trx, row).catch(answerGoneReference);
        // Built from what was just written and read: no second read inside the transaction.
        const created = toPerformanceMetric({ id, ...row }, type, employee);
        await moveScoreTotalsAndAudit(trx, row, 1, hundredths, actor, {
          name: 'Performance Metric Recorded',
          description: `Recorded ${created.metric_name} ${withUnit(created.value, created.unit)} for ${describeEmployee(employee)}`,
          entityType: 'performance_metric',
          entityId: id,
          after: created,
        });
        return created;
      });
    },

    async update(
      id: number,
      body: UpdateMetricValueBody,
      actor: Actor,
    ): Promise<PerformanceMetric> {
      return retriedTransaction(db, async (trx) => {
        const stored = await findValueForChange(trx, id);
        if (!stored) throw notFoundIn(MESSAGES.metricNotFound);
        if (body.metric_type_id !== undefined && body.metric_type_id !== stored.metric_type_id) {
          throw badRequest(MESSAGES.metricTypeIsFixed, 'metric_type_id');
        }
        if (body.user_id !== undefined && body.user_id !== stored.user_id) {
          throw badRequest(MESSAGES.userIsFixed, 'user_id');
        }
        const hundredths = toHundredths(body.value);
        const oldHundredths = Number(stored.value_hundredths);
        // A type's range may have been narrowed since: only a changed value must fit it now, so
        // an old value's comment can still be corrected.
        if (hundredths !== oldHundredths) {
          const type = await findMetricTypeById(trx, stored.metric_type_id);
          const problem = checkMetricValue(body.value, type);
          if (problem) throw badRequest(problem, 'value');
        }

        const before = await enrichedOrThrow(trx, id);
        await updateValue(trx, id, {
          value_hundredths: hundredths,
          comment: body.comment,
          updated_at: nowIso(),
        });
        // Read before the totals move (a read takes no lock), so that the totals and the audit
        // entry are written together.
        const after = await enrichedOrThrow(trx, id);
        const change =
          before.value === after.value
            ? `value ${withUnit(after.value, after.unit)} kept`
            : `${withUnit(before.value, before.unit)} -> ${withUnit(after.value, after.unit)}`;
        const audit = {
          name: 'Performance Metric Updated',
          description: `Updated ${after.metric_name} for ${describeEmployee(after)}: ${change}`,
          entityType: 'performance_metric',
          entityId: id,
          before,
          after,
        };
        if (hundredths !== oldHundredths) {
          await moveScoreTotalsAndAudit(trx, stored, 0, hundredths - oldHundredths, actor, audit);
        } else {
          await writeAudit(trx, actor, audit);
        }
        return after;
      });
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await retriedTransaction(db, async (trx) => {
        const stored = await findValueForChange(trx, id);
        if (!stored) throw notFoundIn(MESSAGES.metricNotFound);
        const before = await enrichedOrThrow(trx, id);
        if (!(await deleteValue(trx, id))) throw notFoundIn(MESSAGES.metricNotFound);
        await moveScoreTotals(trx, stored, -1, -Number(stored.value_hundredths));
        await writeAudit(trx, actor, {
          name: 'Performance Metric Deleted',
          description: `Deleted ${before.metric_name} ${withUnit(before.value, before.unit)} of ${describeEmployee(before)}`,
          entityType: 'performance_metric',
          entityId: id,
          before,
        });
      });
    },
  };
}

export type PerformanceMetricsService = ReturnType<typeof createPerformanceMetricsService>;
