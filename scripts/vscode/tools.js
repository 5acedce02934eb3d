// Installs (on first use) and finds the code-server tooling in the git-ignored .vscode-tools/ folder:
// Node 24 from the npm registry, then code-server with that Node first on PATH. Reused afterwards.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const P = require('./paths');

/**
 * The native modules of VS Code's dependencies (lib/vscode) that code-server runs here, built by their own install
 * scripts: log files (spdlog), the extension host's watchdog, terminals (node-pty, prebuilt) and file watching
 * (@parcel/watcher, prebuilt). The others are never loaded by this project's use of code-server, and code-server's
 * post-install would compile them from source: SQLite (@vscode/sqlite3, minutes of C; only the agent host, an AI
 * feature the settings turn off, opens it), kerberos (proxy authentication by Kerberos; it also needed the Debian
 * package libkrb5-dev), the device ID (telemetry, which falls back to a random ID) and modules for Windows and macOS.
 */
const NATIVE_MODULES_USED = ['@vscode/spdlog', '@vscode/native-watchdog', 'node-pty', '@parcel/watcher'];

const KEEP_NPM_ENV = /^npm_config_(cache|registry|cafile|ca|proxy|https_proxy|noproxy|strict_ssl)$/i;

const nodeHome = () => path.join(P.nodeDir, 'node_modules', P.nodePackage);
const nodeBin = () => path.join(nodeHome(), 'bin', 'node');
const codeServerEntry = () => path.join(P.codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const marker = path.join(P.toolsDir, 'ready.json');
const wanted = { codeServer: P.CODE_SERVER_VERSION, node: P.NODE_VERSION };

function isReady() {
  try {
    const got = JSON.parse(fs.readFileSync(marker, 'utf8'));
    return got.codeServer === wanted.codeServer && got.node === wanted.node && fs.existsSync(nodeBin()) && fs.existsSync(codeServerEntry());
  } catch {
    return false;
  }
}

/** Environment with Node 24 first on PATH, for running (and installing) code-server. */
function toolsEnv(base = process.env) {
  const env = { ...base, PATH: `${path.dirname(nodeBin())}${path.delimiter}${base.PATH || ''}` };
  // Drop what `npm run` exports for our own package (lifecycle, package fields, this project's settings),
  // keeping the settings that say where and how to reach the registry.
  for (const k of Object.keys(env)) if (/^npm_/i.test(k) && !KEEP_NPM_ENV.test(k)) delete env[k];
  return env;
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

function runLogged(title, cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(P.installLog, 'a');
    fs.writeSync(log, `\n=== ${title}: ${cmd} ${args.join(' ')} (in ${opts.cwd})\n`);
    const started = Date.now();
    process.stdout.write(`  ${title}...`);
    const ticker = setInterval(() => process.stdout.write('.'), 15000);
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', log, log] });
    child.on('error', (e) => {
      clearInterval(ticker);
      fs.closeSync(log);
      reject(e);
    });
    child.on('close', (code) => {
      clearInterval(ticker);
      fs.closeSync(log);
      const secs = Math.round((Date.now() - started) / 1000);
      if (code === 0) {
        process.stdout.write(` done in ${secs} s\n`);
        resolve();
      } else {
        process.stdout.write(` failed (exit ${code})\n`);
        const tail = fs.readFileSync(P.installLog, 'utf8').split('\n').slice(-25).join('\n');
        reject(new Error(`${title} failed (exit ${code}). Last lines of ${P.installLog}:\n${tail}`));
      }
    });
  });
}

async function install() {
  const started = Date.now();
  console.log(
    `Installing VS Code tooling into ${path.relative(process.cwd(), P.toolsDir) || P.toolsDir}/ ` +
      `(first use only: Node ${P.NODE_VERSION} and code-server ${P.CODE_SERVER_VERSION} from the npm registry, ` +
      `about 800 MB, a few minutes; log in ${path.relative(process.cwd(), P.installLog)})`,
  );
  fs.mkdirSync(P.toolsDir, { recursive: true });
  fs.rmSync(marker, { force: true });
  fs.writeFileSync(P.installLog, `install started ${new Date().toISOString()}\n`);

  const npmArgs = ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=warn'];
  // Node 24: a binary package with no install script.
  fs.rmSync(P.nodeDir, { recursive: true, force: true });
  writeJson(path.join(P.nodeDir, 'package.json'), {
    name: 'compound-db-vscode-node',
    private: true,
    dependencies: { [P.nodePackage]: P.NODE_VERSION },
  });
  await runLogged(`Node ${P.NODE_VERSION}`, 'npm', npmArgs, { cwd: P.nodeDir, env: toolsEnv() });

  // code-server under Node 24, with node-gyp building against Node 24's headers rather than the machine's
  // Node. npm 11 runs only the install scripts a package.json allows. code-server's own postinstall is run
  // as a separate step (its nested npm installs VS Code's dependencies in lib/vscode, whose package.json
  // allows their native modules): this keeps the two logged apart, and keeps any allow-list of ours out of
  // the nested npm's environment, where npm 11 rejects it as a command-line setting.
  fs.rmSync(P.codeServerDir, { recursive: true, force: true });
  writeJson(path.join(P.codeServerDir, 'package.json'), {
    name: 'compound-db-vscode-code-server',
    private: true,
    dependencies: { 'code-server': P.CODE_SERVER_VERSION },
    allowScripts: { 'code-server': false, argon2: true },
  });
  const env = { ...toolsEnv(), npm_config_nodedir: nodeHome() };
  await runLogged(`code-server ${P.CODE_SERVER_VERSION}`, 'npm', npmArgs, { cwd: P.codeServerDir, env });

  const pkgDir = path.join(P.codeServerDir, 'node_modules', 'code-server');
  const npmVersion = require('child_process').execSync('npm --version', { env, encoding: 'utf8' }).trim();
  // Its npm installs without install scripts (npm's own `ignore-scripts` setting, read from the environment by the
  // nested npm); then only the native modules used here are built, by `npm rebuild`, which runs their scripts as
  // lib/vscode's `allowScripts` permits; then the built-in extensions' post-install (it trims their TypeScript).
  await runLogged('VS Code dependencies (code-server postinstall, install scripts skipped)', 'sh', ['./postinstall.sh'], {
    cwd: pkgDir,
    env: {
      ...env,
      npm_config_user_agent: `npm/${npmVersion} node/v${P.NODE_VERSION} ${process.platform} ${process.arch}`,
      npm_config_ignore_scripts: 'true',
    },
  });
  const vscodeDir = path.join(pkgDir, 'lib', 'vscode');
  await runLogged(`Native modules used (${NATIVE_MODULES_USED.join(', ')})`, 'npm', ['rebuild', ...NATIVE_MODULES_USED], { cwd: vscodeDir, env });
  await runLogged('Built-in extensions (post-install)', 'npm', ['run', 'postinstall'], { cwd: path.join(vscodeDir, 'extensions'), env });
  if (!fs.existsSync(codeServerEntry())) throw new Error(`code-server did not install: no ${codeServerEntry()}`);
  writeJson(marker, { ...wanted, installedAt: new Date().toISOString() });
  console.log(`VS Code tooling ready in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Installs the tooling when missing; returns the Node 24 binary and code-server's entry script. */
async function ensureTools() {
  if (!isReady()) await install();
  return { node: nodeBin(), entry: codeServerEntry(), env: toolsEnv() };
}

module.exports = { ensureTools, toolsEnv };

if (require.main === module) {
  ensureTools().then(
    (t) => console.log(`code-server: ${t.entry}\nnode: ${t.node}`),
    (e) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
