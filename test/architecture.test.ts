import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The structure the code is meant to keep: layer rules and no cycles, checked by
// dependency-cruiser against .dependency-cruiser.cjs, and engine differences kept behind the
// database layer.

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);

const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('architecture', () => {
  it("has no import that runs up the layers, into another domain's store, or in a cycle", async () => {
    const result = await run(
      join(ROOT, 'node_modules/.bin/depcruise'),
      ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      {
        cwd: ROOT,
      },
    ).catch((err: { stdout: string; stderr: string }) => err);
    expect(result.stdout + result.stderr).toMatch(/no dependency violations found/);
  });

  it('keeps dialect choices out of stores and services (only src/db knows the engines)', () => {
    const offenders = filesUnder('src')
      .filter((f) => !f.startsWith('src/db/') && !f.endsWith('.test.ts') && f !== 'src/config.ts')
      .filter((f) => /\bdialect\b|Dialect\b|=== 'postgres'|=== 'sqlite'/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
