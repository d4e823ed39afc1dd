import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the hashes of a page inline scripts', () => {
  it('hashes each inline script exactly as written, and skips scripts loaded from a file', () => {
    const html = `<head><script>var a = 1;</script>
      <script type="module" crossorigin src="./assets/index.js"></script>
      <script async>
  (function () {})();
</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha256('var a = 1;'),
      sha256('\n  (function () {})();\n'),
    ]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="./a.js"></script><p>hi</p>')).toEqual([]);
  });
});
