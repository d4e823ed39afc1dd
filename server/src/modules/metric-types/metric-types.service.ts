import type { Kysely } from 'kysely';
import {
  DEFAULT_MEASUREMENT_UNITS,
  METRIC_TYPE_MESSAGES,
  type MetricType,
  type MetricTypeBody,
  type MetricTypeList,
  type MetricTypeListItem,
  type MetricTypeListQuery,
} from '#contract/metric-types';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { itemKey, pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import {
  countValuesOfType,
  deleteMetricType,
  findMetricTypeById,
  findMetricTypeByName,
  insertMetricType,
  listMetricTypes,
  listedVersion,
  listUnitsInUse,
  toMetricType,
  updateMetricType,
} from './metric-types.repository';

const METRIC_TYPE = 'Metric type';

/**
 * Units in alphabetical order ignoring case and accents. One collator for every comparison:
 * `localeCompare` given a locale or options builds a new ICU collator each time it is called,
 * which made sorting a dozen units cost some fifty times what one collator does.
 */
const unitOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** Units in use plus the defaults, once each ignoring case (the spelling in use wins), sorted. */
export function mergeUnits(inUse: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const unit of [...inUse, ...DEFAULT_MEASUREMENT_UNITS]) {
    const key = unit.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, unit);
  }
  return [...byKey.values()].sort(
    (a, b) => unitOrder.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** The types this instance has answered in the list, at their versions (migration 0020). */
const rememberedTypes = rememberedItemsPerDatabase<MetricTypeListItem>(1_000);

export function createMetricTypesService(db: Kysely<DB>) {
  async function refuseDuplicateName(trx: Kysely<DB>, name: string, exceptId?: number) {
    const existing = await findMetricTypeByName(trx, name);
    if (existing && existing.id !== exceptId) {
      throw conflict(METRIC_TYPE_MESSAGES.duplicateName(existing.metric_name), 'metric_name');
    }
  }

  /** A race past refuseDuplicateName still ends on the unique index: answer 409, not 500. */
  async function guardUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(METRIC_TYPE_MESSAGES.duplicateName(name), 'metric_name');
      }
      throw error;
    }
  }

  return {
    async list(query: MetricTypeListQuery): Promise<MetricTypeList> {
      const { keys, rows, total } = await listMetricTypes(db, query);
      const types = await pageThrough(
        rememberedTypes(db),
        keys,
        rows,
        (row) => ({
          key: itemKey(row.id, listedVersion(row), null),
          item: () => ({ ...toMetricType(row), value_count: Number(row.value_count) }),
        }),
        `${query.sort} ${query.order}`,
      );
      return {
        metric_types: types,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    async get(id: number): Promise<MetricType> {
      const row = await findMetricTypeById(db, id);
      if (!row) throw notFound(METRIC_TYPE);
      return toMetricType(row);
    },

    async units(): Promise<string[]> {
      return mergeUnits(await listUnitsInUse(db));
    },

    async create(body: MetricTypeBody, actor: Actor): Promise<MetricType> {
      return guardUniqueName(body.metric_name, () =>
        db.transaction().execute(async (trx) => {
          await refuseDuplicateName(trx, body.metric_name);
          const created = toMetricType(await insertMetricType(trx, body, nowIso()));
          await writeAudit(trx, actor, {
            name: 'Metric Type Created',
            description: `Metric type ${created.metric_name} created`,
            entityType: 'metric_type',
            entityId: created.id,
            after: created,
          });
          return created;
        }),
      );
    },

    async update(id: number, body: MetricTypeBody, actor: Actor): Promise<MetricType> {
      return guardUniqueName(body.metric_name, () =>
        db.transaction().execute(async (trx) => {
          const existing = await findMetricTypeById(trx, id);
          if (!existing) throw notFound(METRIC_TYPE);
          await refuseDuplicateName(trx, body.metric_name, id);
          const before = toMetricType(existing);
          const after = toMetricType(await updateMetricType(trx, id, body, nowIso()));
          const renamed =
            before.metric_name === after.metric_name ? '' : ` (renamed to ${after.metric_name})`;
          await writeAudit(trx, actor, {
            name: 'Metric Type Updated',
            description: `Metric type ${before.metric_name} updated${renamed}`,
            entityType: 'metric_type',
            entityId: id,
            before,
            after,
          });
          return after;
        }),
      );
    },

    async remove(id: number, actor: Actor): Promise<void> {
      const existing = await findMetricTypeById(db, id);
      if (!existing) throw notFound(METRIC_TYPE);
      try {
        await db.transaction().execute(async (trx) => {
          const row = await findMetricTypeById(trx, id);
          if (!row) throw notFound(METRIC_TYPE);
          const values = await countValuesOfType(trx, id);
          if (values > 0) throw conflict(METRIC_TYPE_MESSAGES.inUse(row.metric_name, values));
          await deleteMetricType(trx, id);
          await writeAudit(trx, actor, {
            name: 'Metric Type Deleted',
            description: `Metric type ${row.metric_name} deleted`,
            entityType: 'metric_type',
            entityId: id,
            before: toMetricType(row),
          });
        });
      } catch (error) {
        // A value recorded between the count and the delete: the foreign key refuses it.
        if (isForeignKeyViolation(error)) {
          const values = await countValuesOfType(db, id);
          throw conflict(METRIC_TYPE_MESSAGES.inUse(existing.metric_name, values));
        }
        throw error;
      }
    },
  };
}

export type MetricTypesService = ReturnType<typeof createMetricTypesService>;
