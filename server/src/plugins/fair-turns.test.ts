import { describe, expect, it } from 'vitest';
import { HEARD_AFTER_MS, LONG_TURN_MS, pauseAfterTurn } from './fair-turns';

describe('the pause after a turn of the event loop', () => {
  it('pauses after a long turn until its last answer has had time to be asked again', () => {
    expect(pauseAfterTurn(100, 100 + LONG_TURN_MS + 10, 100 + LONG_TURN_MS + 10.1)).toBeCloseTo(
      HEARD_AFTER_MS - 0.1,
    );
  });

  it('does not pause after a short turn, however recent its last answer', () => {
    expect(pauseAfterTurn(100, 100 + LONG_TURN_MS - 1, 100 + LONG_TURN_MS - 1)).toBe(0);
  });

  it('does not pause when the last answer went out long enough ago', () => {
    expect(pauseAfterTurn(0, LONG_TURN_MS * 2, LONG_TURN_MS * 2 + HEARD_AFTER_MS + 1)).toBe(0);
  });
});
