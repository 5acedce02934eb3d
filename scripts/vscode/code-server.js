// Starts code-server (from .vscode-tools/) on 127.0.0.1 with its own user-data, extensions and XDG dirs in
// a run folder, quiet settings, and the smoke-test driver option that lets the page URL carry an
// extension development path and a test entry (code-server has no --extensionDevelopmentPath flag).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { spawn, spawnSync } = require('child_process');
const { ensureTools } = require('./tools');
const { freePort } = require('./ports');

const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'notebook.experimental.generate': false,
};

// Servers still running: killed (the whole process group) if this process ends or is interrupted first.
const live = new Set();
function killGroup(child, sig) {
  try {
    process.kill(-child.pid, sig);
  } catch {
    /* already gone */
  }
}
process.on('exit', () => {
  for (const c of live) killGroup(c, 'SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    for (const c of live) killGroup(c, 'SIGTERM');
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

function runDirs(runDir) {
  const d = {
    userData: path.join(runDir, 'user-data'),
    extensions: path.join(runDir, 'extensions'),
    config: path.join(runDir, 'xdg-config'),
    data: path.join(runDir, 'xdg-data'),
    cache: path.join(runDir, 'xdg-cache'),
  };
  for (const dir of Object.values(d)) fs.mkdirSync(dir, { recursive: true });
  shareSpectrumIndexCache(d.cache);
  return d;
}

/**
 * The built-in database keeps its spectrum index in $XDG_CACHE_HOME/compound-db (src/service/search/spectrum/index-cache.ts,
 * keyed by the spectra's contents). A run's own cache folder would have it rebuilt at every run's first start (12 s at
 * load 13, beside the first tests); linked to this user's folder, the run finds the index as an installed extension does.
 */
function shareSpectrumIndexCache(cacheDir) {
  const link = path.join(cacheDir, 'compound-db');
  if (fs.existsSync(link)) return;
  const shared = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'compound-db');
  try {
    fs.mkdirSync(shared, { recursive: true });
    fs.symlinkSync(shared, link, 'dir');
  } catch {
    /* not writable here: the run keeps its own cache and the service builds the index */
  }
}

function serverArgs(dirs) {
  return [
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
  ];
}

function serverEnv(tools, dirs) {
  const env = { ...tools.env, XDG_CONFIG_HOME: dirs.config, XDG_DATA_HOME: dirs.data, XDG_CACHE_HOME: dirs.cache };
  // A password or extension gallery set for some other code-server must not leak into ours.
  for (const k of ['PASSWORD', 'HASHED_PASSWORD', 'EXTENSIONS_GALLERY', 'VSCODE_IPC_HOOK_CLI']) delete env[k];
  return env;
}

/** Installs a .vsix into the run's extensions dir (before the server starts). */
async function installVsix(runDir, vsix) {
  const tools = await ensureTools();
  const dirs = runDirs(runDir);
  const r = spawnSync(tools.node, [tools.entry, ...serverArgs(dirs), '--force', '--install-extension', vsix], {
    env: serverEnv(tools, dirs),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`Installing ${vsix} into code-server failed:\n${r.stdout}${r.stderr}`);
}

function healthy(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/**
 * The user settings file of a run folder: written with the quiet settings (and `settings`) when it does not
 * exist yet or `reset` is set, otherwise left exactly as the user last saved it (a chosen theme stays).
 * Returns true when it was written.
 */
function ensureUserSettings(runDir, { settings = {}, reset = false } = {}) {
  const userDir = path.join(runDir, 'user-data', 'User');
  const file = path.join(userDir, 'settings.json');
  if (fs.existsSync(file) && !reset) return false;
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
  return true;
}

/**
 * Starts code-server. Options: runDir (its state is kept between starts), port (preferred; next free is used),
 * testDriver (adds --vscode-option enable-smoke-test-driver), onOutput (server log lines), settings (extra user
 * settings, written with the quiet ones only into a run folder that has none, or with resetSettings).
 * Resolves to { port, url, stop() } once /healthz answers.
 */
async function startCodeServer({ runDir, port = 0, testDriver = false, onOutput, settings = {}, resetSettings = false }) {
  const tools = await ensureTools();
  const dirs = runDirs(runDir);
  ensureUserSettings(runDir, { settings, reset: resetSettings });

  const chosen = await freePort(port);
  const args = [tools.entry, ...serverArgs(dirs), '--bind-addr', `127.0.0.1:${chosen}`];
  if (testDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
  const log = fs.createWriteStream(path.join(runDir, 'code-server.log'));
  const child = spawn(tools.node, args, { env: serverEnv(tools, dirs), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  live.add(child);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    live.delete(child);
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      log.write(chunk);
      if (onOutput) for (const line of chunk.toString().split('\n')) if (line.trim()) onOutput(line);
    });
  }

  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        log.end();
        resolve();
      });
      killGroup(child, 'SIGTERM');
    });

  const deadline = Date.now() + 60000;
  while (!(await healthy(chosen))) {
    if (exited)
      throw new Error(`code-server exited (${exited.code ?? exited.signal}) before it answered; see ${path.join(runDir, 'code-server.log')}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('code-server did not answer /healthz within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port: chosen, url: `http://127.0.0.1:${chosen}/`, stop, process: child };
}

/** The page URL that opens `folder`, optionally with the test-driver payload (paths on this machine). */
function pageUrl(base, { folder, extensionDevelopmentPath, extensionTestsPath } = {}) {
  const params = new URLSearchParams();
  if (folder) params.set('folder', folder);
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', `vscode-remote://remote${extensionDevelopmentPath}`]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', `vscode-remote://remote${extensionTestsPath}`]);
  if (payload.length) params.set('payload', JSON.stringify(payload));
  return `${base}?${params.toString()}`;
}

module.exports = { startCodeServer, installVsix, pageUrl, ensureUserSettings };
