#!/usr/bin/env node
// The `compound-db` command line (src/cli/main.ts), also what `npm run serve` runs: the bundle dist/cli.js, made by
// esbuild.js on `npm ci` / `npm install` (the `prepare` script) and by `npm run compile`. Nothing is compiled or
// walked at run time (V8 reads the bundle's compiled form from dist/cli.js.cache, which esbuild.js writes beside it);
// only a checkout installed without scripts (`npm ci --ignore-scripts`) builds it, on first use.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'cli.js');

/**
 * `require(file)`, compiled with V8's code cache made beside it by esbuild.js (`file.cache`: the bundle's SHA-256, then
 * V8's data) when the digest matches; else (no cache, another bundle) a plain `require`.
 */
function requireWithCodeCache(file) {
  let cache;
  try {
    cache = fs.readFileSync(`${file}.cache`);
  } catch {
    return require(file);
  }
  const source = fs.readFileSync(file, 'utf8');
  const digest = require('crypto').createHash('sha256').update(source).digest();
  if (cache.length <= digest.length || !digest.equals(cache.subarray(0, digest.length))) return require(file);
  const Module = require('module');
  // `_nodeModulePaths` is Node's own (unlisted): a Node without it runs the bundle as a plain `require`.
  if (typeof Module._nodeModulePaths !== 'function') return require(file);
  const vm = require('vm');
  // The bundle holds no `import()` (esbuild.js): Node 20 would lose the callback it needs with cached data.
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData: cache.subarray(digest.length) });
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  script.runInThisContext()(loaded.exports, Module.createRequire(file), loaded, file, path.dirname(file));
  loaded.loaded = true;
  return loaded.exports;
}

if (!fs.existsSync(entry)) {
  process.stderr.write('compound-db: dist/cli.js is missing (installed without scripts?), building it once first...\n');
  const { status } = require('child_process').spawnSync(process.execPath, [path.join(root, 'esbuild.js'), '--production'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(1);
}
requireWithCodeCache(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
