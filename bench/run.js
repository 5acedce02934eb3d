#!/usr/bin/env node
// `npm run bench`: runs every compiled benchmark (out/bench/**/*.bench.js) in turn, each in its own Node
// process, streaming the figures it prints. Exits non-zero when one fails.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const outBench = path.join(root, 'out', 'bench');

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.bench.js')) yield full;
  }
}

const only = process.argv.slice(2);
const files = [...walk(outBench)].filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error(`No benchmarks under ${path.relative(root, outBench)}/ (run \`npm run compile\` first).`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${path.relative(outBench, file)} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', file], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`(${path.relative(root, file)} exited ${result.status ?? result.signal})`);
  }
}
console.log(`\n${files.length - failed} of ${files.length} benchmarks finished`);
process.exit(failed ? 1 : 0);
