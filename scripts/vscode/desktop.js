// Desktop VS Code, when this machine has one: an installed `code`, a copy cached by @vscode/test-electron
// in .vscode-test/, or COMPOUND_DB_VSCODE_PATH. Never downloads (machines like CI cannot reach the host).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const P = require('./paths');

function onPath(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function cachedDownload() {
  const cache = path.join(P.root, '.vscode-test');
  if (!fs.existsSync(cache)) return null;
  const { downloadDirToExecutablePath } = require('@vscode/test-electron/out/util');
  const platform = process.platform === 'linux' ? `linux-${process.arch}` : process.platform;
  for (const name of fs.readdirSync(cache).sort().reverse()) {
    if (!name.startsWith('vscode-') || name.includes('server')) continue;
    const dir = path.join(cache, name);
    if (!fs.existsSync(path.join(dir, 'is-complete'))) continue;
    const exe = downloadDirToExecutablePath(dir, platform);
    if (fs.existsSync(exe)) return exe;
  }
  return null;
}

function installedCode() {
  const cli = onPath('code');
  if (!cli) return null;
  const real = fs.realpathSync(cli);
  // Linux packages put the CLI script in <app>/bin/code and the Electron binary in <app>/code.
  const electron = path.resolve(path.dirname(real), '..', 'code');
  return fs.existsSync(electron) && fs.statSync(electron).isFile() ? electron : real;
}

/** { executable, why } for desktop VS Code, or { executable: null, why } saying why not. */
function findDesktopVSCode() {
  if (process.env.COMPOUND_DB_VSCODE === 'code-server') return { executable: null, why: 'COMPOUND_DB_VSCODE=code-server' };
  const explicit = process.env.COMPOUND_DB_VSCODE_PATH;
  const exe = (explicit && fs.existsSync(explicit) ? explicit : null) || cachedDownload() || installedCode();
  if (!exe) return { executable: null, why: 'no desktop VS Code installed or cached' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { executable: null, why: `desktop VS Code found (${exe}) but there is no display` };
  }
  return { executable: exe, why: exe };
}

/** Runs the suite in desktop VS Code through @vscode/test-electron; resolves to { exitCode, output }. */
async function runInDesktop({ executable, runDir, extensionPath, testsEntry, workspace, print = console.log }) {
  const { runTests } = require('@vscode/test-electron');
  const { Writable } = require('stream');
  const output = [];
  let pending = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const l of lines) {
        output.push(l);
        print(l);
      }
      done();
    },
  });
  let exitCode;
  try {
    exitCode = await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: extensionPath,
      extensionTestsPath: testsEntry,
      launchArgs: [
        workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--user-data-dir',
        path.join(runDir, 'user-data'),
        '--extensions-dir',
        path.join(runDir, 'extensions'),
      ],
      stdout: sink,
      stderr: sink,
    });
  } catch (err) {
    exitCode = typeof err === 'number' ? err : 1;
    print(String(err && err.message ? err.message : err));
  }
  if (pending) {
    output.push(pending);
    print(pending);
  }
  return { exitCode, started: output.some((l) => /Integration suite:/.test(l)), output };
}

module.exports = { findDesktopVSCode, runInDesktop };
