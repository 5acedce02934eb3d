#!/usr/bin/env node
// `npm start`: builds the extension and opens it in VS Code with the sample workspace: desktop VS Code with
// the development extension where one is installed, otherwise code-server on 127.0.0.1 (port 8080 or the
// next free one; --port N or PORT to choose) with the packaged .vsix installed. Runs until Ctrl-C.
// The extension starts the built-in local service itself on first use. The workspace (a copy of sample/) and
// the user settings are made on the first start and kept afterwards; `npm start -- --reset` restores both.
'use strict';
const path = require('path');
const { spawn } = require('child_process');
const P = require('./vscode/paths');
const { buildExtension, packageVsix, ensureNpmDeps } = require('./vscode/build');
const { findDesktopVSCode } = require('./vscode/desktop');
const { ensureWorkspace, sessionDir, startSession } = require('./vscode/session');

function portOption() {
  const i = process.argv.indexOf('--port');
  return Number(i > 0 ? process.argv[i + 1] : process.env.PORT) || 8080;
}

const reset = process.argv.includes('--reset');

function runDesktop(executable) {
  buildExtension();
  const { workspace } = ensureWorkspace(sessionDir(), { reset });
  const args = [`--extensionDevelopmentPath=${P.root}`, '--new-window', workspace];
  console.log(`Opening desktop VS Code (${executable}) with the extension in development mode.`);
  const child = spawn(executable, args, { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function runCodeServer(why) {
  console.log(`Using code-server (${why}).`);
  const vsix = packageVsix();
  // A person's first start opens the walkthrough (the extension does it once); the test and screenshot sessions stay quiet.
  const session = await startSession({ vsix, port: portOption(), reset, settings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true } });
  const line = '-'.repeat(72);
  console.log(
    `\n${line}\nCompound DB is running in VS Code (code-server). Open this address in a browser:\n\n` +
      `  ${session.pageUrl}\n\n(or ${session.url} and open the folder ${session.workspace})\n` +
      `Press Ctrl-C to stop. Server log: ${path.relative(process.cwd(), path.join(session.runDir, 'code-server.log'))}\n${line}`,
  );
  session.process.on('exit', (code) => {
    console.log(`code-server stopped (exit ${code}).`);
    process.exit(code ?? 1);
  });
}

(async () => {
  try {
    ensureNpmDeps();
    const desktop = findDesktopVSCode();
    if (desktop.executable) runDesktop(desktop.executable);
    else await runCodeServer(desktop.why);
  } catch (err) {
    console.error(`npm start failed: ${err.message}`);
    process.exit(1);
  }
})();
