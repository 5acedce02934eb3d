// Where the VS Code tooling lives, and the pinned versions of what goes there.
'use strict';
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const toolsDir = path.join(root, '.vscode-tools');

// code-server 4.139.1 ships VS Code 1.139.1 and requires Node 24, which the npm registry ships as the
// binary package node-<platform>-<arch> (the package `node@24` only installs that one in a preinstall).
const CODE_SERVER_VERSION = '4.139.1';
const NODE_VERSION = '24.21.0';

module.exports = {
  root,
  toolsDir,
  CODE_SERVER_VERSION,
  NODE_VERSION,
  nodePackage: `node-${process.platform}-${process.arch}`,
  nodeDir: path.join(toolsDir, 'node'),
  codeServerDir: path.join(toolsDir, 'code-server'),
  installLog: path.join(toolsDir, 'install.log'),
  runsDir: path.join(toolsDir, 'runs'),
};
