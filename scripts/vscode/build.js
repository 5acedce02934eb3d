// Builds what VS Code loads: the TypeScript compile into out/ (tests included) and the esbuild bundle in dist/.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const P = require('./paths');

function step(title, cmd, args) {
  console.log(`> ${title}`);
  const r = spawnSync(cmd, args, { cwd: P.root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`${title} failed (exit ${r.status ?? r.signal})`);
}

/** Compiles and bundles; with production, minified bundles as `npm run package` makes them. */
function buildExtension({ production = false, compile = true } = {}) {
  if (compile) step('npm run compile', 'npm', ['run', '--silent', 'compile']);
  if (!fs.existsSync(path.join(P.root, 'esbuild.js'))) throw new Error('esbuild.js is missing: the extension cannot be bundled');
  step(`node esbuild.js${production ? ' --production' : ''}`, process.execPath, ['esbuild.js', ...(production ? ['--production'] : [])]);
}

/** Builds and packages the .vsix (dist/compound-db.vsix) with `npm run package`. */
function packageVsix() {
  console.log('> npm run package');
  // vsce lists every file it packs: show its output only when it fails.
  const r = spawnSync('npm', ['run', '--silent', 'package'], { cwd: P.root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  if (r.status !== 0) {
    process.stdout.write(r.stdout || '');
    process.stderr.write(r.stderr || '');
    throw new Error(`npm run package failed (exit ${r.status ?? r.signal})`);
  }
  const vsix = path.join(P.root, 'dist', 'compound-db.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`npm run package did not produce ${vsix}`);
  return vsix;
}

function ensureNpmDeps() {
  const r = spawnSync(process.execPath, [path.join(P.root, 'scripts', 'ensure-deps.js')], { cwd: P.root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('installing the npm dependencies failed');
}

module.exports = { buildExtension, packageVsix, ensureNpmDeps };
