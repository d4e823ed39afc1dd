import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMetricValue,
  hasAtMostTwoDecimals,
  METRIC_VALUE_MESSAGES,
  toHundredths,
  valueRangeMessage,
} from './metric-value-rule';

describe('the metric value rule', () => {
  it('accepts 1 to 100 in steps of 0.01, floating point notwithstanding', () => {
    for (const value of [1, 100, 50, 99.99, 1.01, 12.34, 33.3, 0.3 * 100]) {
      expect(checkMetricValue(value)).toBeNull();
    }
    expect(checkMetricValue(70.07)).toBeNull();
    expect(toHundredths(70.07)).toBe(7007);
    expect(toHundredths(0.29 * 100)).toBe(2900);
    // A sum computed in floating point is refused as written: 3.3000000000000003 is not a step.
    expect(checkMetricValue(1.1 + 2.2)).toBe(METRIC_VALUE_MESSAGES.tooPrecise);
  });

  it('refuses more than two decimal places, however close to a step', () => {
    expect(checkMetricValue(12.345)).toBe('Value must have at most two decimal places');
    expect(checkMetricValue(12.340000001)).toBe(METRIC_VALUE_MESSAGES.tooPrecise);
    expect(checkMetricValue(99.999)).toBe(METRIC_VALUE_MESSAGES.tooPrecise);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('refuses values off the 1 to 100 scale, and what is not a number', () => {
    expect(checkMetricValue(0.99)).toBe('Value must be between 1 and 100');
    expect(checkMetricValue(100.01)).toBe('Value must be between 1 and 100');
    expect(checkMetricValue(-5)).toBe(METRIC_VALUE_MESSAGES.outOfScale);
    expect(checkMetricValue(undefined)).toBe('Value is required');
    expect(checkMetricValue(null)).toBe('Value is required');
    expect(checkMetricValue('')).toBe('Value is required');
    expect(checkMetricValue('50')).toBe('Value must be a number');
    expect(checkMetricValue(Number.POSITIVE_INFINITY)).toBe('Value must be a number');
  });

  it("checks the type's range with SPEC.md's exact message (null is unbounded)", () => {
    const range = { minimum_value: 50, maximum_value: 80 };
    expect(checkMetricValue(49.99, range)).toBe('Value must be between 50 and 80');
    expect(checkMetricValue(80.01, range)).toBe('Value must be between 50 and 80');
    expect(checkMetricValue(50, range)).toBeNull();
    expect(checkMetricValue(80, range)).toBeNull();
    expect(checkMetricValue(10, { minimum_value: 20, maximum_value: null })).toBe(
      'Value must be between 20 and no maximum',
    );
    expect(checkMetricValue(90, { minimum_value: null, maximum_value: 12.5 })).toBe(
      'Value must be between no minimum and 12.5',
    );
    expect(checkMetricValue(90, { minimum_value: null, maximum_value: null })).toBeNull();
    expect(valueRangeMessage({ minimum_value: 0, maximum_value: null })).toBe(
      'Value must be between 0 and no maximum',
    );
    // The scale comes first: a type allowing 0 to 500 still cannot take 150.
    expect(checkMetricValue(150, { minimum_value: 0, maximum_value: 500 })).toBe(
      METRIC_VALUE_MESSAGES.outOfScale,
    );
  });

  it('accepts exactly the hundredths from 100 to 10000, as written in JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000 }), (hundredths) => {
        const written = JSON.parse(JSON.stringify(Number((hundredths / 100).toFixed(2))));
        expect(checkMetricValue(written)).toBeNull();
        expect(toHundredths(written)).toBe(hundredths);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any value with a third decimal digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 99_999 }).filter((thousandths) => thousandths % 10 !== 0),
        (thousandths) => {
          expect(checkMetricValue(thousandths / 1000)).toBe(METRIC_VALUE_MESSAGES.tooPrecise);
        },
      ),
      { numRuns: 500 },
    );
  });
});
