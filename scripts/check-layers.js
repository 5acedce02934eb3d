#!/usr/bin/env node
// Fails the build when a layer that must stay free of VS Code imports one, or the client imports the local service.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const rules = [
  { dirs: ['src/wire', 'src/client', 'src/service'], forbidden: /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/, why: 'imports vscode' },
  { dirs: ['src/client', 'src/wire'], forbidden: /from\s+['"](\.\.\/)+service/, why: 'imports the local service' },
];

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (/\.(ts|js|mjs|cjs)$/.test(entry.name)) yield full;
  }
}

const problems = [];
for (const rule of rules) {
  for (const dir of rule.dirs) {
    for (const file of walk(path.join(root, dir))) {
      if (rule.forbidden.test(fs.readFileSync(file, 'utf8'))) problems.push(`${path.relative(root, file)} ${rule.why}`);
    }
  }
}
if (problems.length) {
  console.error(`Layer check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
