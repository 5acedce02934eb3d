// @vscode/test-cli configuration, for desktop VS Code (`npx vscode-test`, or the Extension Test Runner).
// `npm run test:vscode` uses it only through the same suite: it runs test/vscode/index.ts's run() under
// @vscode/test-electron when desktop VS Code is installed, and under code-server otherwise.
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  label: 'integration',
  files: 'out/test/vscode/suite/**/*.test.js',
  workspaceFolder: './sample',
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'tdd', timeout: 60000, color: true },
});
