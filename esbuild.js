#!/usr/bin/env node
// Bundles the extension host code (dist/extension.js and the parts it loads on first use, dist/extension-parts/), the local service it forks (dist/service.js, with the
// chemistry .wasm files and the structure matcher worker, dist/substructure-worker.js, beside it), the command line
// it offers as an MCP server (dist/cli.js), the details webview's script (dist/webview.js) and the structure grid's
// (dist/grid.js for the editors, dist/notebookRenderer.js for notebook outputs; both start dist/gridWorker.js, the
// grid's toolkit worker, which runs dist/RDKit_minimal.wasm), and the spectra list's (dist/spectra.js).
// `--production` minifies; `--watch` rebuilds on change and reports errors in the problem-matcher format.
'use strict';
const esbuild = require('esbuild');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const { wrap } = require('module');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const root = __dirname;
const dist = path.join(root, 'dist');

/** @type {import('esbuild').Plugin} */
const problemMatcher = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    if (!watch) return;
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [problemMatcher],
};

/** The list of .wasm files lives in the service's TypeScript (WASM_FILES): bundle that one module to read it. */
function wasmFiles() {
  const out = esbuild.buildSync({
    entryPoints: [path.join(root, 'src/service/toolkits/wasm.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports.WASM_FILES.map((f) => ({
    from: path.join(mod.exports.packageRoot(f.packageName), f.source),
    to: path.join(dist, f.fileName),
  }));
}

function copyWasm() {
  fs.mkdirSync(dist, { recursive: true });
  for (const { from, to } of wasmFiles()) fs.copyFileSync(from, to);
}

/**
 * node-fetch v2 requires whatwg-url only as a fallback for a missing global URL (`Url.URL || whatwgUrl.URL`);
 * Node always has one. Its Unicode tables (tr46) were over half of the extension bundle.
 */
const nodeUrlForWhatwgUrl = {
  name: 'node-url-for-whatwg-url',
  setup(build) {
    build.onResolve({ filter: /^whatwg-url$/ }, () => ({ path: 'whatwg-url', namespace: 'node-url-shim' }));
    build.onLoad({ filter: /.*/, namespace: 'node-url-shim' }, () => ({ contents: "module.exports = { URL: require('url').URL };", loader: 'js' }));
  },
};

/** A Node program holding the local service, the .wasm files beside it. */
const serviceBundle = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  keepNames: true,
  plugins: [problemMatcher, nodeUrlForWhatwgUrl],
  // ESM-only dependencies (the Indigo loader) read import.meta.url, which a CommonJS bundle lacks.
  define: { 'import.meta.url': '__compoundDbImportMetaUrl' },
  banner: { js: 'var __compoundDbImportMetaUrl = require("url").pathToFileURL(__filename).href;' },
};

/**
 * Every `import * as vscode from 'vscode'` of an external module becomes its own `__toESM(require("vscode"))`,
 * a copy of the whole API namespace per file (about 30 of them), which cost milliseconds of activation; Node's
 * `fs` and `path` the same (8 copies). Routed through one bundled module each that re-exports it by name, no
 * namespace is copied at all: `vscode.window` reads the `require("vscode")` object itself (`export *` would still
 * copy it twice at load, about 1 ms for VS Code's 200 names).
 */
const ONE_NAMESPACE = /^(vscode|fs|path)$/;
/**
 * The names a module exports, to re-export them by name: VS Code's API as @types/vscode declares it (tsc checks every
 * name the sources use against the same file), a Node or CommonJS module's own keys (it is loaded here to read them).
 */
function exportedNames(name) {
  if (name !== 'vscode') return Object.keys(require(name)).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
  const declarations = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  const names = [...declarations.matchAll(/^\texport (?:class|enum|namespace|const|let|function) (\w+)/gm)].map((m) => m[1]);
  return [...new Set(names)];
}
const oneNamespaceEach = {
  name: 'one-namespace-each',
  setup(build) {
    build.onResolve({ filter: ONE_NAMESPACE }, (args) =>
      args.namespace === 'namespace-once' ? { path: args.path, external: true } : { path: args.path, namespace: 'namespace-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'namespace-once' }, (args) => ({
      contents: `export { ${exportedNames(args.path).join(', ')} } from '${args.path}';`,
      loader: 'js',
    }));
  },
};

/**
 * The project's modules only declare (no module is imported for its side effects): marked so, a module whose exports
 * a bundle does not use is left out, with what it imports. A barrel still costs the split: a name imported through
 * `src/wire/index.ts` (which re-exports every wire module) put the wire modules the parts use (validation, the
 * structure and spectrum schemas: 20 KB) into what activation reads, so the modules activation loads import wire names
 * from the module that declares them.
 */
const SOURCES = path.join(root, 'src') + path.sep;
const sourcesDeclareOnly = {
  name: 'sources-declare-only',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'sources-declare-only' || args.namespace !== 'file' || !args.importer.startsWith(SOURCES)) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'sources-declare-only',
      });
      if (resolved.errors.length || !resolved.path.startsWith(SOURCES)) return undefined;
      return { ...resolved, sideEffects: false };
    });
  },
};

/**
 * Every part the extension loads with `import()` (of a source file, or of a package such as node-fetch) starts with an
 * import of extension.ts, as it does at run time (a part loads only after activation): so what activation reads
 * (extension.ts, all it imports and esbuild's helpers) is one file of the split, not one per combination of the parts
 * that also use it. A package's part also passes on its `default` (a CommonJS package's `module.exports`), which
 * `export *` leaves out.
 */
const EXTENSION_ENTRY = path.join(root, 'src', 'extension', 'extension.ts');
const partsAfterActivation = {
  name: 'parts-after-activation',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'part' || !args.importer.startsWith(SOURCES)) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'part' });
      if (resolved.errors.length || resolved.external) return undefined;
      return { path: resolved.path, namespace: 'part', pluginData: { package: !args.path.startsWith('.') } };
    });
    build.onLoad({ filter: /.*/, namespace: 'part' }, (args) => {
      const from = JSON.stringify(args.path);
      // `export *` cannot pass on a CommonJS package's names through the split: they are named here.
      const exports = args.pluginData.package ? `{ default, ${exportedNames(args.path).join(', ')} }` : '*';
      return {
        contents: `import ${JSON.stringify(EXTENSION_ENTRY)};\nexport ${exports} from ${from};`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

/**
 * The extension host code loads in parts: dist/extension.js holds what activation runs (registering commands, views
 * and providers); every module reached only through a dynamic `import()` (the client, the command handlers, the
 * webview hosts, ...) lands in dist/extension-parts/ and is read on first use. esbuild splits code only into ES
 * modules, and VS Code loads CommonJS, so the split output (in out/extension-esm/) is then converted file by file,
 * the layout kept: each module lives in exactly one file, so its classes and state exist once.
 */
const EXTENSION_ESM = path.join(root, 'out', 'extension-esm');
const EXTENSION_PARTS = 'extension-parts';
const asCommonJs = {
  name: 'as-commonjs',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      fs.rmSync(path.join(dist, EXTENSION_PARTS), { recursive: true, force: true });
      const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
      await Promise.all(
        files.map((file) =>
          esbuild.build({
            entryPoints: [file],
            outfile: path.join(dist, path.relative(EXTENSION_ESM, file)),
            format: 'cjs',
            platform: 'node',
            target: 'node20',
            // `import()` of a part becomes a `require()` of its file.
            supported: { 'dynamic-import': false },
            minify: production,
            // No keepNames here: the split output already names every function and class (`__name`), and a second
            // set of calls would only give each the minified name first.
            sourcemap: !production,
            sourcesContent: false,
            logLevel: 'warning',
            // Activation time (wall and CPU) is measured from the moment the entry starts loading, its parts included.
            // A global, not a `var`: extension.ts lives in a part, outside the entry's module scope.
            ...(path.relative(EXTENSION_ESM, file) === 'extension.js'
              ? { banner: { js: 'globalThis.__compoundDbLoadedAt = performance.now(), globalThis.__compoundDbLoadedCpu = process.cpuUsage();' } }
              : {}),
          }),
        ),
      );
    });
  },
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outdir: EXTENSION_ESM,
    splitting: true,
    chunkNames: `${EXTENSION_PARTS}/[name]-[hash]`,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['vscode'],
    plugins: [problemMatcher, nodeUrlForWhatwgUrl, oneNamespaceEach, partsAfterActivation, sourcesDeclareOnly, asCommonJs],
    // node-fetch v2 checks `AbortSignal` by constructor name: minifying without keepNames breaks it.
    keepNames: true,
  },
  // The local service the extension forks.
  { ...serviceBundle, entryPoints: ['src/service/main.ts'], outfile: 'dist/service.js' },
  // `compound-db` (src/cli/main.ts) for the MCP server definition the extension offers: the service, the client and
  // the MCP SDK in one file.
  // Its `import()`s become require()s: bin/compound-db.js runs it from V8's code cache (writeCodeCache), and Node 20
  // loses a script's dynamic-import callback when the script comes from cached data.
  { ...serviceBundle, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', supported: { 'dynamic-import': false } },
  // The structure index's matcher workers, which both bundles above start from beside themselves.
  { ...serviceBundle, entryPoints: ['src/service/search/structure/substructure-worker.ts'], outfile: 'dist/substructure-worker.js' },
  // The toolkit workers (src/service/toolkits/bounded-toolkit.ts): every toolkit call on a request's input, with a deadline.
  { ...serviceBundle, entryPoints: ['src/service/toolkits/toolkit-worker.ts'], outfile: 'dist/toolkit-worker.js' },
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    tsconfig: 'tsconfig.webview.json',
  },
  // The structure grid: the editors' webview script, the notebook renderer (an ES module VS Code imports) and the
  // toolkit worker both start (a classic worker script). RDKit's loader names node:fs only on its Node path; the
  // browser never reaches it.
  ...[
    { entry: 'src/webview/grid/editorMain.ts', out: 'dist/grid.js', format: 'iife' },
    { entry: 'src/webview/grid/notebookRenderer.ts', out: 'dist/notebookRenderer.js', format: 'esm' },
    { entry: 'src/webview/grid/toolkitWorker.ts', out: 'dist/gridWorker.js', format: 'iife' },
  ].map(({ entry, out, format }) => ({
    ...common,
    entryPoints: [entry],
    outfile: out,
    platform: 'browser',
    format,
    target: 'es2022',
    tsconfig: 'tsconfig.webview.json',
    external: ['node:fs', 'node:path', 'node:url', 'node:crypto', 'fs', 'path', 'crypto'],
    loader: { '.css': 'text' },
  })),
  {
    ...common,
    entryPoints: ['src/webview/spectra/spectraMain.ts'],
    outfile: 'dist/spectra.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    tsconfig: 'tsconfig.webview.json',
  },
  {
    ...common,
    entryPoints: ['src/webview/editor.ts'],
    outfile: 'dist/editor.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    tsconfig: 'tsconfig.webview.json',
  },
];

/**
 * V8's code cache of the command line's bundle (dist/cli.js.cache: the bundle's SHA-256, then V8's data), read by
 * bin/compound-db.js: Node 20 keeps no compile cache of its own, and parsing the 1.3 MB bundle was 40-100 ms of every
 * `compound-db` run before it could start the built-in database. V8 refuses the data for another V8 version or other
 * flags, and the digest another bundle (a `--watch` rebuild leaves the cache stale): the bundle is then compiled as usual.
 */
function writeCodeCache(file) {
  const source = fs.readFileSync(file, 'utf8');
  const script = new vm.Script(wrap(source), { filename: file });
  const digest = crypto.createHash('sha256').update(source).digest();
  fs.writeFileSync(`${file}.cache`, Buffer.concat([digest, script.createCachedData()]));
}

async function main() {
  copyWasm();
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    return;
  }
  try {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    if (results.some((r) => r.errors.length)) process.exitCode = 1;
    else writeCodeCache(path.join(dist, 'cli.js'));
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
