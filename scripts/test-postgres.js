#!/usr/bin/env node
// The service suite over the PostgreSQL store: starts a throwaway cluster with the RDKit cartridge
// (`compound-db db start`, which installs the Debian packages when missing and run as root), runs mocha with
// test/service/.mocharc.postgres.json (test/postgres/, and every startService over a fresh database) on the service
// test files of the code that reads the store (storeTouchingFiles), and stops and removes the cluster. The cluster
// lives under .compound-db/test-postgres when the postgres user can reach the clone, else in a folder of its own
// under /tmp (a clone in a private mode-700 folder, as `mktemp -d` makes).
// Where the cluster cannot be started (no Debian packages, not root), it says so and skips the run ("PostgreSQL run
// skipped"), except under CI=true, where a suite that cannot run fails.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const cli = path.join(root, 'out', 'src', 'cli', 'main.js');
const serviceTests = path.join(root, 'out', 'test', 'service');

/** True when every folder above `dir` lets others pass (x for "other"): the postgres user can then reach it. */
function othersCanReach(dir) {
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

function clusterDir() {
  const inClone = path.join(root, '.compound-db', 'test-postgres');
  fs.mkdirSync(path.dirname(inClone), { recursive: true });
  if (othersCanReach(inClone)) return { dir: inClone, cleanup: () => undefined };
  const own = fs.mkdtempSync(path.join('/tmp', 'compound-db-test-postgres-'));
  fs.chmodSync(own, 0o755);
  return { dir: path.join(own, 'cluster'), cleanup: () => fs.rmSync(own, { recursive: true, force: true }) };
}

/**
 * The service test files the PostgreSQL store changes: those that start a service in-process (`startService`) in the
 * folders mirroring the code that reads records through the store (src/service/routes, search, store, query-engine).
 * The rest (the toolkits, the collection files, the command line, MCP, the client, processes spawned from the
 * built files) never reach a store or would start an in-memory one again.
 */
const STORE_READERS = ['routes', 'search', 'store', 'query-engine'];
function storeTouchingFiles() {
  return STORE_READERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(serviceTests, folder), { recursive: true })
      .filter((f) => f.endsWith('.test.js') && /\bstartService\b/.test(fs.readFileSync(path.join(serviceTests, folder, f), 'utf8')))
      .map((f) => path.relative(root, path.join(serviceTests, folder, f))),
  );
}

const { dir, cleanup } = clusterDir();
const stop = () => {
  spawnSync(process.execPath, [cli, 'db', 'stop', '--dir', dir], { stdio: 'ignore' });
  cleanup();
};
const start = spawnSync(process.execPath, [cli, 'db', 'start', '--dir', dir], { cwd: root, encoding: 'utf8' });
if (start.status !== 0) {
  const why = (start.stderr || start.stdout).trim();
  stop();
  if (process.env.CI === 'true') {
    console.log(`PostgreSQL run failed: the cluster could not be started (CI=true: a suite that cannot run fails): ${why}`);
    process.exit(1);
  }
  console.log(`PostgreSQL run skipped: the cluster could not be started: ${why}`);
  process.exit(0);
}
const url = start.stdout.trim().split('\n').pop();
const env = { ...process.env, COMPOUND_DB_TEST_DATABASE: url, COMPOUND_DB_TEST_CLUSTER_DIR: dir };
const files = process.argv.length > 2 ? process.argv.slice(2) : storeTouchingFiles();
const child = spawn('npx', ['mocha', '--config', 'test/service/.mocharc.postgres.json', ...files], { cwd: root, env, stdio: 'inherit' });
process.on('SIGINT', () => child.kill('SIGINT'));
child.on('close', (code) => {
  stop();
  process.exit(code ?? 1);
});
