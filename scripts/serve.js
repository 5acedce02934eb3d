#!/usr/bin/env node
// `npm run serve`: the local service from the compiled output, compiling first only when a source changed
// since the last build (a current build starts in well under two seconds; a full compile takes much longer).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'out', 'src', 'service', 'cli.js');

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
  const inputs = [path.join(root, 'tsconfig.json'), path.join(root, 'package.json')].map((f) => fs.statSync(f).mtimeMs);
  return Math.max(newestSource(path.join(root, 'src')), ...inputs) <= built;
}

if (!isCurrent()) {
  console.error('Sources changed since the last build: compiling (npm run compile) ...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'compile', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
require(entry).main();
