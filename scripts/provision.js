#!/usr/bin/env node
// What the PostgreSQL and VS Code suites install on first use, installed in one go: the Debian packages of both (one
// apt-get run: two at once would fight over dpkg's lock), then the code-server tooling. `npm test` runs it in the
// background after compiling, so the downloads overlap the lint, unit and service suites instead of waiting in
// front of the suites that need them; it says when the Debian step is done, which is all the PostgreSQL suite waits
// for. Each suite still installs what is missing itself when run alone.
// Needs the compiled service (out/) for the PostgreSQL package list.
'use strict';
const path = require('path');
const { ensureDebianPackages } = require('./vscode/apt');
const { BROWSER_PACKAGES } = require('./vscode/browser');
const { ensureTools } = require('./vscode/tools');
const P = require('./vscode/paths');

const root = path.resolve(__dirname, '..');
const DEBIAN_STEP_DONE = 'Debian step done.';
const { PG_PACKAGES } = require(path.join(root, 'out', 'src', 'service', 'database', 'cluster.js'));

async function main() {
  const started = Date.now();
  try {
    ensureDebianPackages([...BROWSER_PACKAGES, ...PG_PACKAGES], path.join(P.toolsDir, 'apt.log'));
  } catch (err) {
    // Not root, or not Debian: the suites say what they cannot run, each in its place.
    console.log(`Debian packages not installed up front: ${err.message}`);
  }
  // npm test starts the PostgreSQL suite on this line: it needs the Debian packages, not the code-server tooling.
  console.log(DEBIAN_STEP_DONE);
  await ensureTools();
  console.log(`Provisioned the PostgreSQL and VS Code suites in ${Math.round((Date.now() - started) / 1000)} s.`);
}

main().catch((err) => {
  console.log(`Provisioning stopped: ${err.message}`);
  process.exit(1);
});
