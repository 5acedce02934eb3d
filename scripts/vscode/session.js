// A code-server session for people (`npm start`) and for the screenshot driver: the packaged .vsix
// installed, a copy of sample/ open (made once, then the user's), on 127.0.0.1.
'use strict';
const fs = require('fs');
const path = require('path');
const P = require('./paths');
const { startCodeServer, installVsix, pageUrl } = require('./code-server');

/**
 * The session's workspace: a copy of sample/ made on the first start (or with `reset`), then left alone so
 * a saved SDF or an inserted MOL block survives the next start. Returns { workspace, created }.
 */
function ensureWorkspace(runDir, { reset = false } = {}) {
  const workspace = path.join(runDir, 'workspace');
  if (reset) fs.rmSync(workspace, { recursive: true, force: true });
  if (fs.existsSync(workspace)) return { workspace, created: false };
  fs.cpSync(path.join(P.root, 'sample'), workspace, { recursive: true });
  return { workspace, created: true };
}

/**
 * Starts the session; resolves to { url, pageUrl, workspace, runDir, stop() }. Settings, workspace, extensions
 * and workbench state are kept between starts. `reset` puts the user settings and the workspace back to their
 * first-start state; `fresh` removes everything of an earlier session.
 */
async function startSession({ vsix, port = 8080, name = 'session', fresh = false, reset = false, settings, onOutput } = {}) {
  const runDir = sessionDir(name);
  if (fresh) fs.rmSync(runDir, { recursive: true, force: true });
  const { workspace, created } = ensureWorkspace(runDir, { reset });
  if (!created) console.log(`Keeping the workspace ${workspace} and your settings (npm start -- --reset restores both).`);
  console.log(`Installing ${path.relative(P.root, vsix)} into code-server...`);
  await installVsix(runDir, vsix);
  console.log('Starting code-server...');
  const server = await startCodeServer({ runDir, port, onOutput, settings, resetSettings: reset });
  return { ...server, workspace, runDir, pageUrl: pageUrl(server.url, { folder: workspace }) };
}

function sessionDir(name = 'session') {
  return path.join(P.runsDir, name);
}

module.exports = { startSession, ensureWorkspace, sessionDir };
