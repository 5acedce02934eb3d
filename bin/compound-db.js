#!/usr/bin/env node
// The `compound-db` command line (src/cli/main.ts). In a fresh clone the TypeScript is compiled on first use.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'out', 'src', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  process.stderr.write('compound-db: compiling the TypeScript first (once)...\n');
  const { status } = require('child_process').spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', root], { stdio: 'inherit' });
  if (status !== 0) process.exit(1);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
