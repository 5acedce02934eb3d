// Entry of the integration suite inside the VS Code extension host (the `extensionTestsPath` of
// @vscode/test-electron and of the code-server driver): mocha with TDD globals over every compiled
// suite/**/*.test.js, one line per test and a closing `N passed, N failed` line. Rejects on a failure and
// on a run with no test, so the host exits non-zero.
import * as fs from 'fs';
import * as path from 'path';
import * as mochaModule from 'mocha';
import { removeTempDirs } from '../support/temp';

type MochaClass = typeof import('mocha');

// mocha 12 is an ES module; loaded from CommonJS its class is the namespace's default export.
function mochaClass(): MochaClass {
  const m = mochaModule as unknown as { default?: MochaClass };
  return m.default ?? (mochaModule as unknown as MochaClass);
}

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return testFiles(full);
      return e.isFile() && e.name.endsWith('.test.js') ? [full] : [];
    })
    .sort();
}

function fullTitle(test: Mocha.Runnable): string {
  return test.titlePath().join(' > ');
}

export function run(): Promise<void> {
  const Mocha = mochaClass();
  const grep = process.env.COMPOUND_DB_TEST_GREP;
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: Number(process.env.COMPOUND_DB_TEST_TIMEOUT_MS) || 60_000,
    reporter: function silent() {
      /* lines are printed below */
    } as unknown as string,
    ...(grep ? { grep } : {}),
  });
  const files = testFiles(path.resolve(__dirname, 'suite'));
  for (const f of files) mocha.addFile(f);
  console.log(`Integration suite: ${files.length} file(s) in ${path.resolve(__dirname, 'suite')}`);

  return new Promise<void>((resolve, reject) => {
    let passed = 0;
    let failed = 0;
    try {
      const runner = mocha.run(() => {
        // The extension host may be stopped before its exit handlers run.
        removeTempDirs();
        console.log(`\n${passed} passed, ${failed} failed`);
        if (failed > 0) reject(new Error(`${failed} test(s) failed`));
        else if (passed === 0) reject(new Error('the integration suite ran no test'));
        else resolve();
      });
      runner.on('pass', (test) => {
        passed++;
        console.log(`  ok   ${fullTitle(test)} (${test.duration ?? 0} ms)`);
      });
      runner.on('fail', (test, err: Error) => {
        failed++;
        console.log(`  FAIL ${fullTitle(test)}\n${indent(err && (err.stack || err.message) ? String(err.stack || err.message) : String(err))}`);
      });
      runner.on('pending', (test) => console.log(`  skip ${fullTitle(test)}`));
    } catch (err) {
      console.error(err);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

function indent(s: string): string {
  return s
    .split('\n')
    .slice(0, 15)
    .map((l) => `       ${l}`)
    .join('\n');
}
