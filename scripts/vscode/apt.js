// Installs missing Debian packages with apt-get (CI runs as root on a fresh machine). Quiet: apt's output
// goes to a log file, and one line says what is being installed.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

function isInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function asRoot(cmd) {
  if (process.getuid && process.getuid() === 0) return cmd;
  const sudo = spawnSync('sudo', ['-n', 'true']);
  return sudo.status === 0 ? ['sudo', '-n', ...cmd] : null;
}

/** Ensures the Debian packages are installed; throws with what to run by hand when it cannot. */
function ensureDebianPackages(packages, logFile) {
  const missing = packages.filter((p) => !isInstalled(p));
  if (missing.length === 0) return;
  const hand = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
  if (spawnSync('apt-get', ['--version']).status !== 0) {
    throw new Error(`Missing system packages: ${missing.join(', ')}. This is not a Debian-like system; install them by hand.`);
  }
  const update = asRoot(['apt-get', 'update']);
  const install = asRoot(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]);
  if (!update || !install) throw new Error(`Missing system packages: ${missing.join(', ')}. Run: ${hand}`);
  console.log(`Installing Debian packages: ${missing.join(' ')} (apt-get; log in ${path.relative(process.cwd(), logFile)})...`);
  const started = Date.now();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const cmd of [update, install]) {
    const out = fs.openSync(logFile, 'a');
    const r = spawnSync(cmd[0], cmd.slice(1), { stdio: ['ignore', out, out], env });
    fs.closeSync(out);
    if (r.status !== 0) throw new Error(`"${cmd.join(' ')}" failed (exit ${r.status}); see ${logFile}. By hand: ${hand}`);
  }
  const still = missing.filter((p) => !isInstalled(p));
  if (still.length > 0) throw new Error(`apt-get did not install ${still.join(', ')}; see ${logFile}`);
  console.log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
}

module.exports = { ensureDebianPackages, isInstalled };
