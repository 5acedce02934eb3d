#!/usr/bin/env node
// `npm test`: compiles, then runs the unit, service and VS Code suites in turn, streaming their output,
// and closes with one line `N passed, N failed` over all of them. Exits non-zero on any failure or on a
// suite that ran no test.
'use strict';
const path = require('path');
const { spawn } = require('child_process');

const root = path.resolve(__dirname, '..');
const only = process.argv.slice(2);

const suites = [
  { name: 'compile', cmd: 'npm', args: ['run', '--silent', 'compile'], counted: false },
  { name: 'unit', cmd: 'npx', args: ['mocha', '--config', 'test/unit/.mocharc.json'], counted: true },
  { name: 'service', cmd: 'npx', args: ['mocha', '--config', 'test/service/.mocharc.json'], counted: true },
  { name: 'vscode', cmd: 'node', args: ['scripts/test-vscode.js'], counted: true },
].filter((s) => only.length === 0 || s.name === 'compile' || only.includes(s.name));

function run(suite) {
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const take = (out) => (chunk) => {
      text += chunk.toString();
      out.write(chunk);
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
  for (const suite of suites) {
    console.log(`\n=== ${suite.name} ===`);
    const { code, text } = await run(suite);
    if (!suite.counted) {
      if (code !== 0) {
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
    } else if (c.passed + c.failed === 0) {
      failed += 1;
      problems.push(`${suite.name} ran no test`);
    }
  }
  for (const p of problems) console.log(`problem: ${p}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
