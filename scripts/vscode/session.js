// A code-server session for people (`npm start`) and for the screenshot driver: the packaged .vsix
// installed, a fresh copy of sample/ open, on 127.0.0.1.
'use strict';
const fs = require('fs');
const path = require('path');
const P = require('./paths');
const { startCodeServer, installVsix, pageUrl } = require('./code-server');

/** Starts the session (fresh: with no state left from an earlier one); resolves to { url, pageUrl, workspace, runDir, stop() }. */
async function startSession({ vsix, port = 8080, name = 'session', fresh = false, onOutput } = {}) {
  const runDir = path.join(P.runsDir, name);
  if (fresh) fs.rmSync(runDir, { recursive: true, force: true });
  // Extensions and workbench state stay between starts; the workspace is copied afresh so trying the
  // MOL insertion never edits the repository's sample/.
  const workspace = path.join(runDir, 'workspace');
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.cpSync(path.join(P.root, 'sample'), workspace, { recursive: true });
  console.log(`Installing ${path.relative(P.root, vsix)} into code-server...`);
  await installVsix(runDir, vsix);
  console.log('Starting code-server...');
  const server = await startCodeServer({ runDir, port, onOutput });
  return { ...server, workspace, runDir, pageUrl: pageUrl(server.url, { folder: workspace }) };
}

module.exports = { startSession };
