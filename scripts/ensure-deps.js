#!/usr/bin/env node
// Installs the npm dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing run before them.
'use strict';
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

function stale() {
  if (!fs.existsSync(installed)) return true;
  return fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1000;
}

if (stale()) {
  console.log('Installing npm dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
