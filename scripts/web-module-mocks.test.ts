import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FILES_WITH_MODULE_MOCKS } from '../web/src/test/files-with-module-mocks';

const root = path.resolve(import.meta.dirname, '..');

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

it('runs every web test that replaces a module with vi.mock in the isolated project', () => {
  const mocking = testFiles('web/src').filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
  );
  expect(mocking.sort()).toEqual([...FILES_WITH_MODULE_MOCKS].sort());
});
