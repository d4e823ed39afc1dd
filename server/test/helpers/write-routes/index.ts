// The write-route table: every module's write cases, in one list, in the order the test runs them.
import type { LocalGoogleIssuer } from '../google-issuer';
import type { TestContext } from '../test-app';
import { authWriteCases } from './auth';
import { bonusWriteCases } from './bonuses';
import { employeeWriteCases } from './employees';
import { importWriteCases } from './imports';
import { writeKit } from './kit';
import { metricTypeWriteCases } from './metric-types';
import { metricValueWriteCases } from './metric-values';
import { questionWriteCases } from './questions';
import type { WriteCase } from './types';
import { userWriteCases } from './users';

export type { ExpectedEntry, Refusal, WriteCase } from './types';

/**
 * Every write route of the product, each with one valid call and what its single audit entry
 * must say, plus calls it must refuse without writing any entry. `audit-coverage.test.ts` runs
 * them and checks the table against the OpenAPI document, so a new write route cannot go
 * unaudited without that test failing.
 */
export function writeCases(ctx: () => TestContext, google: LocalGoogleIssuer): WriteCase[] {
  const kit = writeKit(ctx, google);
  return [
    ...authWriteCases(kit),
    ...employeeWriteCases(kit),
    ...userWriteCases(kit),
    ...metricTypeWriteCases(kit),
    ...metricValueWriteCases(kit),
    ...bonusWriteCases(kit),
    ...questionWriteCases(kit),
    ...importWriteCases(kit),
  ];
}
