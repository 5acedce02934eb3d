#!/usr/bin/env node
// The `compound-db` command line (src/cli/main.ts), also what `npm run serve` runs. The TypeScript is compiled
// first only when a source changed since the last build, so a current build starts at once.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'out', 'src', 'cli', 'main.js');

function newestSource(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (e.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isCurrent() {
  if (!fs.existsSync(entry)) return false;
  const built = fs.statSync(entry).mtimeMs;
  return Math.max(newestSource(path.join(root, 'src')), fs.statSync(path.join(root, 'tsconfig.json')).mtimeMs) <= built;
}

if (!isCurrent()) {
  process.stderr.write('compound-db: sources changed since the last build, compiling the TypeScript first...\n');
  const tsc = require.resolve('typescript/bin/tsc');
  const { status } = require('child_process').spawnSync(process.execPath, [tsc, '-p', root], { stdio: 'inherit' });
  if (status !== 0) process.exit(1);
  // tsc leaves an unchanged output file's time alone: mark the build current.
  const now = new Date();
  fs.utimesSync(entry, now, now);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
