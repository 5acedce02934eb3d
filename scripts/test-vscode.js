#!/usr/bin/env node
// `npm run test:vscode`: builds the extension (minified, as `npm run package` does), then runs the integration suite (test/vscode/) inside a real
// VS Code extension host: desktop VS Code through @vscode/test-electron when this machine has one, otherwise
// code-server (installed on first use into .vscode-tools/). Closes with `N passed, N failed`; exits non-zero
// on a failure, on a suite that did not start and on a suite that ran no test.
//
// Options: --no-build (use out/ and dist/ as they are), --extension <dir>, --tests <compiled index.js>,
// --workspace <dir> (default: a copy of sample/). Env: COMPOUND_DB_VSCODE=code-server to skip desktop VS Code,
// COMPOUND_DB_TEST_TIMEOUT_S (whole-suite guard, default 1200), COMPOUND_DB_TEST_GREP (mocha grep).
'use strict';
const fs = require('fs');
const path = require('path');
const P = require('./vscode/paths');
const { buildExtension, ensureNpmDeps } = require('./vscode/build');
const { findDesktopVSCode, runInDesktop } = require('./vscode/desktop');

function option(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? path.resolve(process.argv[i + 1]) : null;
}

function newRunDir() {
  fs.mkdirSync(P.runsDir, { recursive: true });
  const old = fs
    .readdirSync(P.runsDir)
    .filter((n) => n.startsWith('test-'))
    .sort();
  for (const n of old.slice(0, Math.max(0, old.length - 4))) fs.rmSync(path.join(P.runsDir, n), { recursive: true, force: true });
  const dir = path.join(P.runsDir, `test-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function prepareWorkspace(runDir) {
  const given = option('--workspace');
  if (given) return given;
  const ws = path.join(runDir, 'workspace');
  const sample = path.join(P.root, 'sample');
  if (fs.existsSync(sample)) fs.cpSync(sample, ws, { recursive: true });
  else fs.mkdirSync(ws, { recursive: true });
  return ws;
}

function lastCounts(lines) {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\s*(\d+) passed, (\d+) failed/.exec(lines[i]);
    if (m) return { passed: Number(m[1]), failed: Number(m[2]) };
  }
  return null;
}

function finish(passed, failed, problem) {
  if (problem) console.log(`problem: ${problem}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || problem ? 1 : 0);
}

async function main() {
  const started = Date.now();
  const extensionPath = option('--extension') || P.root;
  const testsEntry = option('--tests') || path.join(P.root, 'out', 'test', 'vscode', 'index.js');
  try {
    ensureNpmDeps();
    // The production bundle, as a .vsix ships it: the suite's activation figures are a fresh install's.
    if (!process.argv.includes('--no-build')) buildExtension({ production: true });
  } catch (err) {
    return finish(0, 1, `build: ${err.message}`);
  }
  if (!fs.existsSync(testsEntry)) return finish(0, 1, `no compiled suite entry at ${testsEntry}`);

  const runDir = newRunDir();
  const workspace = prepareWorkspace(runDir);
  const timeoutMs = (Number(process.env.COMPOUND_DB_TEST_TIMEOUT_S) || 1200) * 1000;
  const desktop = findDesktopVSCode();
  let result;
  try {
    if (desktop.executable) {
      console.log(`Running the integration suite in desktop VS Code (${desktop.executable})`);
      result = await runInDesktop({ executable: desktop.executable, runDir, extensionPath, testsEntry, workspace });
    } else {
      console.log(`Running the integration suite in code-server (${desktop.why})`);
      const { runInCodeServer } = require('./vscode/run-in-code-server');
      result = await runInCodeServer({ runDir, extensionPath, testsEntry, workspace, timeoutMs });
    }
  } catch (err) {
    console.log(`Logs and files of this run: ${runDir}`);
    return finish(0, 1, `the VS Code run could not start: ${err.message}`);
  }

  const counts = lastCounts(result.output);
  const secs = Math.round((Date.now() - started) / 1000);
  console.log(`(VS Code run ended with exit code ${result.exitCode ?? 'none'} after ${secs} s)`);
  // Without a closing line (a run cut short), count the per-test lines that did arrive.
  let { passed, failed } = counts || {
    passed: result.output.filter((l) => l.startsWith('  ok   ')).length,
    failed: result.output.filter((l) => l.startsWith('  FAIL ')).length,
  };
  let problem = null;
  if (!result.started) problem = `the integration suite did not start${result.reason ? ` (${result.reason})` : ''}`;
  else if (result.exitCode === null) problem = `the integration suite did not finish (${result.reason})`;
  else if (!counts) problem = 'the integration suite printed no result line';
  else if (passed + failed === 0) problem = 'the integration suite ran no test';
  else if (result.exitCode !== 0 && failed === 0) problem = `VS Code exited ${result.exitCode} though no test failed`;
  if (problem && failed === 0) failed = 1;
  if (problem || failed > 0) {
    console.log(`Logs and files of this run: ${runDir}`);
    console.log(`  extension output channels: ${path.join(runDir, 'user-data', 'logs', '*', 'exthost1')}`);
  } else fs.rmSync(runDir, { recursive: true, force: true });
  finish(passed, failed, problem);
}

main();
