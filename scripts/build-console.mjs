#!/usr/bin/env node
// Builds the SDK, the console (packages/console/dist) and the chat widget (packages/widget/dist) for
// `npm start` and `npm ci`.
// With --if-stale it builds only when a source is newer than the last build, so `npm start` stays quick
// when nothing changed: the check reads file times only (a full build takes several seconds).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'packages/sdk/src',
  'packages/sdk/package.json',
  'packages/console/src',
  'packages/console/index.html',
  'packages/console/vite.config.ts',
  'packages/console/package.json',
  'packages/widget/src',
  'packages/widget/build.mjs',
  'packages/widget/package.json',
];
const BUILT = ['packages/sdk/dist/index.js', 'packages/console/dist/index.html', 'packages/widget/dist/manifest.json'];

if (process.argv.includes('--help')) {
  process.stdout.write('usage: node scripts/build-console.mjs [--if-stale]\n');
  process.exit(0);
}

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function stale() {
  const built = BUILT.map((p) => join(ROOT, p));
  if (!built.every((p) => existsSync(p))) return true;
  const builtAt = Math.min(...built.map((p) => statSync(p).mtimeMs));
  return SOURCES.some((p) => newest(join(ROOT, p)) > builtAt);
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
for (const workspace of ['@helpdesk/sdk', '@helpdesk/console', '@helpdesk/widget']) {
  const run = spawnSync('npm', ['run', '--silent', 'build', '--workspace', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
