import { describe, expect, it } from 'vitest';
import { createRememberedAnswers } from './remembered-answers';

describe('remembered answers', () => {
  it('gives an answer back only at the version it was remembered at', () => {
    const answers = createRememberedAnswers<number, string>(10);
    answers.remember(7, 3, 'at three');
    expect(answers.at(7, 3)).toBe('at three');
    expect(answers.at(7, 4)).toBeUndefined();
    expect(answers.at(7, '3')).toBeUndefined();
    expect(answers.at(8, 3)).toBeUndefined();
    answers.remember(7, 4, 'at four');
    expect(answers.at(7, 3)).toBeUndefined();
    expect(answers.at(7, 4)).toBe('at four');
    expect(answers.size).toBe(1);
  });

  it('forgets the oldest tenth at once when full, not the ones stored again since', () => {
    const answers = createRememberedAnswers<number, string>(20);
    for (let key = 0; key < 20; key++) answers.remember(key, 1, `answer ${key}`);
    // Stored again at a new version: now the newest.
    answers.remember(0, 2, 'answer 0 again');
    answers.remember(20, 1, 'answer 20');
    expect(answers.size).toBe(18);
    for (const gone of [1, 2, 3]) expect(answers.at(gone, 1)).toBeUndefined();
    for (const kept of [4, 19, 20]) expect(answers.at(kept, 1)).toBe(`answer ${kept}`);
    expect(answers.at(0, 2)).toBe('answer 0 again');
  });
});
