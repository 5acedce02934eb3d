#!/usr/bin/env node
// Fails when package.json and the code disagree about commands: a contributed command that no
// defineCommand-style call in src/extension/commands defines, a defined one that is not contributed,
// or a menu, welcome view or hover link that names a command nobody contributes.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// Manifest strings are `%key%` references into package.nls.json (the English defaults).
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8'));
const localized = (value) => (typeof value === 'string' ? value.replace(/^%([^%]+)%$/, (ref, key) => (key in nls ? nls[key] : ref)) : value);
const contributes = manifest.contributes || {};

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

// Every command is defined under src/extension/commands by a defining helper whose first string argument
// is its ID: defineCommand<...>('compoundDb.x', ...), onItem<...>('compoundDb.x', ...), lookupCommand(s, 'compoundDb.x', ...), or a local helper
// such as prompted(...) / copy(...) / set('apiKey', 'compoundDb.x'), or a row `{ command: 'compoundDb.x', ... }` of a table
// of commands.
const DEFINITION =
  /\b(?:defineCommand|lookupCommand|onItem|prompted|copy|set|clear)\s*(?:<[^()]*?>)?\(\s*(?:(?:'[A-Za-z]+'|\w+),\s*)?'(compoundDb\.[\w.]+)'|\{\s*command:\s*'(compoundDb\.[\w.]+)',\s*toSpec\b/gs;
const defined = new Map();
for (const file of walk(path.join(root, 'src', 'extension', 'commands'))) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(DEFINITION)) defined.set(m[1] ?? m[2], path.relative(root, file));
}

const contributed = new Set((contributes.commands || []).map((c) => c.command));
const problems = [];
for (const id of contributed) if (!defined.has(id)) problems.push(`${id} is contributed in package.json but never defined`);
for (const [id, file] of defined) if (!contributed.has(id)) problems.push(`${id} is defined in ${file} but not contributed in package.json`);

for (const [menu, items] of Object.entries(contributes.menus || {})) {
  for (const item of items) if (item.command && !contributed.has(item.command)) problems.push(`menu ${menu} names unknown command ${item.command}`);
}
for (const welcome of contributes.viewsWelcome || []) {
  for (const m of localized(welcome.contents).matchAll(/\(command:([\w.]+)/g))
    if (!contributed.has(m[1])) problems.push(`viewsWelcome links unknown command ${m[1]}`);
}
const hover = fs.readFileSync(path.join(root, 'src', 'extension', 'hover', 'compoundHoverProvider.ts'), 'utf8');
for (const m of hover.matchAll(/'(compoundDb\.[\w.]+)'/g)) {
  if (!m[1].startsWith('compoundDb.hover.') && !contributed.has(m[1])) problems.push(`hover links unknown command ${m[1]}`);
}
for (const c of contributes.commands || []) {
  if (!c.title || !c.category) problems.push(`${c.command} needs a title and a category`);
  for (const key of [c.title, c.category])
    if (/^%.*%$/.test(localized(key) || '')) problems.push(`${c.command}: ${key} has no entry in package.nls.json`);
}

if (problems.length) {
  console.error(`Command check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Command check: ${contributed.size} commands contributed and defined.`);
