#!/usr/bin/env node
// `npm test`: compiles, lints (ESLint with the layer fences, knip), then runs the unit, service and VS Code
// suites in turn, streaming their output, and closes with one line `N passed, N failed` over all of them.
// Exits non-zero on any failure, on a suite that ran no test, and on anything the suites leave in the temp
// folder: they run with TMPDIR set to a fresh folder, which must be empty again at the end.
// `postgres` is the service suite again over the PostgreSQL store (scripts/test-postgres.js): where it cannot run it
// says so and is skipped, except under CI=true, where a suite that cannot run fails the run.
// `node scripts/run-tests.js unit service` runs only those suites (after compiling; lint only when named).
// After compiling, what the PostgreSQL and VS Code suites install (Debian packages, code-server) is installed in the
// background (scripts/provision.js), its output shown before the first suite that waits for it.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const root = path.resolve(__dirname, '..');
const only = process.argv.slice(2);

const suites = [
  { name: 'compile', cmd: 'npm', args: ['run', '--silent', 'compile'], counted: false },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'], counted: false },
  { name: 'unit', cmd: 'npx', args: ['mocha', '--config', 'test/unit/.mocharc.json'], counted: true },
  { name: 'service', cmd: 'npx', args: ['mocha', '--config', 'test/service/.mocharc.json'], counted: true },
  { name: 'postgres', cmd: 'node', args: ['scripts/test-postgres.js'], counted: true, provisioned: true, skippable: /^PostgreSQL run skipped: .*/m },
  { name: 'vscode', cmd: 'node', args: ['scripts/test-vscode.js'], counted: true, provisioned: true },
].filter((s) => only.length === 0 || s.name === 'compile' || only.includes(s.name));

// The editor under test makes its own runtime files there (IPC sockets, the TypeScript server's folder): not a test's.
const EDITOR_OWN = /^(vscode-|\.org\.chromium\.)/;

/** Everything under `dir`, as paths relative to it (a folder's contents rather than the folder). */
function leftovers(dir, rel = '') {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const name = path.join(rel, e.name);
    const inside = e.isDirectory() ? leftovers(dir, name) : [];
    return inside.length ? inside : [name];
  });
}

/** Runs `suite`, its output streamed (or, `quiet`, only kept), resolving with its exit code and output. */
function run(suite, env, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const take = (out) => (chunk) => {
      text += chunk.toString();
      if (!quiet) out.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

function counts(text) {
  // mocha: "12 passing", "1 failing"; our VS Code driver: "12 passed, 1 failed"
  const plain = [...text.matchAll(/^\s*(\d+) passed, (\d+) failed/gm)].pop();
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  const passing = [...text.matchAll(/^\s*(\d+) passing/gm)].pop();
  const failing = [...text.matchAll(/^\s*(\d+) failing/gm)].pop();
  return { passed: passing ? Number(passing[1]) : 0, failed: failing ? Number(failing[1]) : 0 };
}

(async () => {
  let passed = 0;
  let failed = 0;
  const problems = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-test-run-'));
  // A run stopped by a signal (Ctrl+C, a timeout's kill) removes its temp folder too, then ends by that signal.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      fs.rmSync(tmp, { recursive: true, force: true });
      process.kill(process.pid, signal);
    });
  }
  // Node 22+ keeps a compile cache in the temp folder when a tool asks for one (tsc, ESLint, code-server do):
  // it is the runtime's, so it lives with the project's other caches rather than among the suites' files.
  const compileCache = path.join(root, 'node_modules', '.cache', 'node-compile-cache');
  const env = { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp, NODE_COMPILE_CACHE: compileCache };
  let provisioning;
  for (const suite of suites) {
    if (suite.provisioned && provisioning) {
      const { text } = await provisioning;
      provisioning = undefined;
      console.log(`\n=== provision (ran in the background) ===\n${text.trimEnd()}`);
    }
    console.log(`\n=== ${suite.name} ===`);
    const { code, text } = await run(suite, env);
    if (suite.name === 'compile' && code === 0 && suites.some((s) => s.provisioned)) {
      provisioning = run({ cmd: 'node', args: ['scripts/provision.js'] }, env, true);
    }
    if (!suite.counted) {
      if (code !== 0) {
        fs.rmSync(tmp, { recursive: true, force: true });
        console.log(`\n${suite.name} failed (exit ${code}); no suite was run.\n0 passed, 1 failed`);
        process.exit(1);
      }
      continue;
    }
    const c = counts(text);
    passed += c.passed;
    failed += c.failed;
    if (code !== 0 && c.failed === 0) {
      failed += 1;
      problems.push(`${suite.name} exited ${code} without reporting a failed test`);
    } else if (c.passed + c.failed === 0 && suite.skippable?.test(text) && process.env.CI !== 'true') {
      console.log(`(${suite.name}: ${suite.skippable.exec(text)[0]})`);
    } else if (c.passed + c.failed === 0) {
      failed += 1;
      problems.push(`${suite.name} ran no test`);
    }
  }
  const left = leftovers(tmp).filter((f) => !EDITOR_OWN.test(f));
  fs.rmSync(tmp, { recursive: true, force: true });
  if (left.length) {
    failed += 1;
    problems.push(`the suites left ${left.length} file(s) in the temp folder: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}`);
  }
  for (const p of problems) console.log(`problem: ${p}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
