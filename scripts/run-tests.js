#!/usr/bin/env node
// `npm test`: compiles, then runs lint (ESLint with the layer fences, knip, Prettier) and the unit, service,
// PostgreSQL and VS Code suites in two lanes side by side, and closes with one line `N passed, N failed` over all of
// them. Lane 1 (unit, service but its command-line tests, then vscode) streams its output; lane 2 (lint while the
// PostgreSQL and VS Code suites' tools install: Debian packages, code-server, scripts/provision.js, started after
// compiling; then postgres, once provisioning's Debian step is done; then the service suite's command-line tests)
// prints each suite's output when it ends. The suites are CPU-bound on two cores: a third lane made the run longer.
// Exits non-zero on any failure (a lint error included), on a suite that ran no test, and on anything the suites
// leave in the temp folder: they run with TMPDIR set to a fresh folder, which must be empty again at the end.
// `postgres` is the service suite's store-reading tests again over the PostgreSQL store (scripts/test-postgres.js):
// where it cannot run it says so and is skipped, except under CI=true, where a suite that cannot run fails the run.
// `node scripts/run-tests.js unit service` runs only those suites (after compiling; lint only when named; `service`
// runs both of its parts).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const root = path.resolve(__dirname, '..');
const only = process.argv.slice(2);

const SERVICE_CLI_TESTS = 'out/test/service/cli/**/*.test.js';
const compile = { name: 'compile', cmd: 'npm', args: ['run', '--silent', 'compile'] };
const suites = [
  { name: 'lint', lane: 2, cmd: 'npm', args: ['run', '--silent', 'lint'], counted: false },
  { name: 'unit', lane: 1, cmd: 'npx', args: ['mocha', '--config', 'test/unit/.mocharc.json'], counted: true },
  // The service suite in two parts, one per lane: the command line's tests (child processes, ~1 min) run in lane 2 after
  // PostgreSQL, which leaves the lanes about even.
  {
    name: 'service',
    lane: 1,
    cmd: 'npx',
    args: ['mocha', '--config', 'test/service/.mocharc.json', '--ignore', SERVICE_CLI_TESTS],
    counted: true,
  },
  {
    name: 'postgres',
    lane: 2,
    cmd: 'node',
    args: ['scripts/test-postgres.js'],
    counted: true,
    provisioned: 'debian',
    skippable: /^PostgreSQL run skipped: .*/m,
  },
  {
    name: 'service-cli',
    group: 'service',
    lane: 2,
    cmd: 'npx',
    args: ['mocha', '--timeout', '60000', '--reporter', 'spec', SERVICE_CLI_TESTS],
    counted: true,
  },
  // Built by compile above (the production bundle included): a second build would rewrite out/ under lane 1's tests.
  { name: 'vscode', lane: 1, cmd: 'node', args: ['scripts/test-vscode.js', '--no-build'], counted: true, provisioned: true },
].filter((s) => only.length === 0 || only.includes(s.name) || only.includes(s.group));

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

/**
 * Runs `suite`, its output streamed whole lines at a time (so that a block printed by the other lane falls between
 * lines) or, `quiet`, only kept; resolves with its exit code and output.
 */
function run(suite, env, quiet = false, onOutput = () => {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(suite.cmd, suite.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const pending = { out: '', err: '' };
    const take = (key, out) => (chunk) => {
      text += chunk.toString();
      onOutput(text);
      if (quiet) return;
      const lines = pending[key] + chunk.toString();
      const end = lines.lastIndexOf('\n') + 1;
      out.write(lines.slice(0, end));
      pending[key] = lines.slice(end);
    };
    child.stdout.on('data', take('out', process.stdout));
    child.stderr.on('data', take('err', process.stderr));
    child.on('close', (code) => {
      if (!quiet) process.stdout.write(pending.out + pending.err);
      resolve({ code: code ?? 1, text, seconds: Math.round((Date.now() - started) / 1000) });
    });
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
  const took = [];
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

  console.log(`\n=== ${compile.name} ===`);
  const compiled = await run(compile, env);
  took.push(`compile ${compiled.seconds} s`);
  if (compiled.code !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`\ncompile failed (exit ${compiled.code}); no suite was run.\n0 passed, 1 failed`);
    process.exit(1);
  }
  // The PostgreSQL suite needs only provisioning's Debian step (the cluster's packages); the VS Code suite all of it.
  let debianStepDone = () => {};
  const debianStep = new Promise((resolve) => (debianStepDone = resolve));
  const provisioning = suites.some((s) => s.provisioned)
    ? run({ cmd: 'node', args: ['scripts/provision.js'] }, env, true, (text) => /^Debian step done\./m.test(text) && debianStepDone())
    : undefined;
  provisioning?.then(() => debianStepDone());

  /** One suite's outcome, added to the counts. */
  function count(suite, { code, text }) {
    if (!suite.counted) {
      if (code !== 0) {
        failed += 1;
        problems.push(`${suite.name} failed (exit ${code})`);
      }
      return;
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

  const lanes = [...new Set(suites.map((s) => s.lane))].sort();
  async function lane(number) {
    const streamed = number === lanes[0];
    for (const suite of suites.filter((s) => s.lane === number)) {
      if (suite.provisioned === 'debian' && provisioning) await debianStep;
      else if (suite.provisioned && provisioning) {
        const { text, seconds } = await provisioning;
        if (!took.some((t) => t.startsWith('provision'))) {
          took.push(`provision ${seconds} s (in the background)`);
          console.log(`\n=== provision (ran in the background) ===\n${text.trimEnd()}`);
        }
      }
      if (streamed) console.log(`\n=== ${suite.name} ===`);
      const result = await run(suite, env, !streamed);
      if (!streamed) console.log(`\n=== ${suite.name} (lane ${number}, ran beside the others) ===\n${result.text.trimEnd()}`);
      took.push(`${suite.name} ${result.seconds} s`);
      count(suite, result);
    }
  }
  await Promise.all(lanes.map(lane));
  if (provisioning && !took.some((t) => t.startsWith('provision'))) took.push(`provision ${(await provisioning).seconds} s (in the background)`);

  const left = leftovers(tmp).filter((f) => !EDITOR_OWN.test(f));
  fs.rmSync(tmp, { recursive: true, force: true });
  if (left.length) {
    failed += 1;
    problems.push(`the suites left ${left.length} file(s) in the temp folder: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}`);
  }
  for (const p of problems) console.log(`problem: ${p}`);
  console.log(`\nwall time: ${took.join(', ')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
