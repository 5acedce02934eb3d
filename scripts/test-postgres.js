#!/usr/bin/env node
// The service suite over the PostgreSQL store: starts a throwaway cluster with the RDKit cartridge
// (`compound-db db start`, which installs the Debian packages when missing and run as root) in
// .compound-db/test-postgres, runs mocha with test/service/.mocharc.postgres.json (every startService over a
// fresh database, plus test/postgres/), and stops and removes the cluster. Where the cluster cannot be
// started (no Debian packages, not root), it says so and skips the run: the line "PostgreSQL run skipped".
'use strict';
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const cli = path.join(root, 'out', 'src', 'service', 'cli.js');
const dir = path.join(root, '.compound-db', 'test-postgres');

const start = spawnSync(process.execPath, [cli, 'db', 'start', '--dir', dir], { cwd: root, encoding: 'utf8' });
if (start.status !== 0) {
  console.log(`PostgreSQL run skipped: the cluster could not be started: ${(start.stderr || start.stdout).trim()}`);
  spawnSync(process.execPath, [cli, 'db', 'stop', '--dir', dir]);
  process.exit(0);
}
const url = start.stdout.trim().split('\n').pop();
const env = { ...process.env, COMPOUND_DB_TEST_DATABASE: url, COMPOUND_DB_TEST_CLUSTER_DIR: dir };
const child = spawn('npx', ['mocha', '--config', 'test/service/.mocharc.postgres.json', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => spawnSync(process.execPath, [cli, 'db', 'stop', '--dir', dir], { stdio: 'ignore' });
process.on('SIGINT', () => child.kill('SIGINT'));
child.on('close', (code) => {
  stop();
  process.exit(code ?? 1);
});
