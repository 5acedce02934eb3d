// Runs the compiled integration suite inside code-server's extension host: the page is loaded with the
// test-driver payload, the suite's run() executes in the extension host, its console output arrives through
// window.codeAutomationLog and its end through window.codeAutomationExit (both exposed before the load).
'use strict';
const fs = require('fs');
const path = require('path');
const { startCodeServer, pageUrl } = require('./code-server');
const { launchBrowser } = require('./browser');
const { ensureTools } = require('./tools');

const LEVELS_SHOWN = new Set(['info', 'warn', 'error']);
// The workbench's own chatter on a machine with no outside network: kept in the run's log, not printed.
const NOISE =
  /^(getaddrinfo ENOTFOUND|Timed out waiting for authentication provider|\[AccountPolicyGate\]|\[AgentHost|\[Service Worker\]|\[reconnection-grace-time\]|Creating a socket|Resolving connection token|Resolved connection token|Updating additional builtin extensions cache)/;
const SUITE_START = /^Integration suite:/;

function text(args) {
  const parts = Array.isArray(args) ? args : [args];
  return parts.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

/**
 * Resolves to { exitCode, started, output }: exitCode from codeAutomationExit (null when the run timed out or
 * the page died), started true once the suite printed anything, output the streamed suite lines.
 */
async function runInCodeServer({ runDir, extensionPath, testsEntry, workspace, timeoutMs, print = console.log }) {
  let server;
  let context;
  const output = [];
  try {
    await ensureTools();
    print('Starting code-server...');
    server = await startCodeServer({ runDir, testDriver: true });
    context = await launchBrowser({ runDir });
    const page = context.pages()[0] || (await context.newPage());

    let finish;
    const finished = new Promise((resolve) => {
      finish = resolve;
    });
    let started = false;
    const hostLog = path.join(runDir, 'automation.log');
    await page.exposeFunction('codeAutomationLog', (level, args) => {
      const line = text(args).replace(/\s+$/, '');
      fs.appendFileSync(hostLog, `[${level}] ${line}\n`);
      // Extension host console output comes as info/warn/error; the workbench's trace and debug lines are noise.
      if (!LEVELS_SHOWN.has(level)) return;
      if (SUITE_START.test(line)) started = true;
      output.push(line);
      if (started && !NOISE.test(line)) print(line);
    });
    await page.exposeFunction('codeAutomationExit', (code, logs) => {
      if (code !== 0 && Array.isArray(logs)) {
        const dir = path.join(runDir, 'exit-logs');
        for (const l of logs) {
          const file = path.join(dir, String(l.relativePath || 'log').replace(/\.\./g, '_'));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, typeof l.contents === 'string' ? l.contents : Buffer.from(l.contents || []));
        }
      }
      finish({ exitCode: code });
    });
    page.on('crash', () => finish({ exitCode: null, reason: 'the browser page crashed' }));
    page.on('pageerror', (e) => fs.appendFileSync(path.join(runDir, 'page-errors.log'), `${e.stack || e}\n`));

    const url = pageUrl(server.url, {
      folder: workspace,
      extensionDevelopmentPath: extensionPath,
      extensionTestsPath: testsEntry,
    });
    print(`Loading VS Code ${server.url} (extension host test mode)...`);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ exitCode: null, reason: `no result within ${Math.round(timeoutMs / 1000)} s` }), timeoutMs);
    });
    const result = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (result.exitCode === null) {
      await page.screenshot({ path: path.join(runDir, 'timeout.png') }).catch(() => {});
    }
    if (!started) {
      print('The suite did not start. Last lines from the workbench and extension host:');
      for (const line of output.filter((l) => !NOISE.test(l)).slice(-30)) print(`  ${line}`);
    }
    return { ...result, started, output };
  } finally {
    if (context) await context.close().catch(() => {});
    if (server) await server.stop();
  }
}

module.exports = { runInCodeServer };
