#!/usr/bin/env node
// The `compound-db` command line (src/cli/main.ts), also what `npm run serve` runs: the bundle dist/cli.js, made by
// esbuild.js on `npm ci` / `npm install` (the `prepare` script) and by `npm run compile`. Nothing is compiled or
// walked at run time; only a checkout installed without scripts (`npm ci --ignore-scripts`) builds it, on first use.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'cli.js');

if (!fs.existsSync(entry)) {
  process.stderr.write('compound-db: dist/cli.js is missing (installed without scripts?), building it once first...\n');
  const { status } = require('child_process').spawnSync(process.execPath, [path.join(root, 'esbuild.js'), '--production'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(1);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
