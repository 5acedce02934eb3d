/**
 * Offers `compound-db mcp` (dist/cli.js) to VS Code as an MCP server definition, so agents in VS Code and elsewhere
 * can use the same tools. It talks to the server the extension uses: the built-in database, or the configured one
 * with the key and token handed over in its environment only when VS Code starts it (never in a setting or a file).
 */
import * as vscode from 'vscode';
import { API_KEY_ENV, TOKEN_ENV } from '../../cli/environment';
import { readSettings } from '../config/settings';
import type { Services } from '../commands/services';

export const MCP_PROVIDER_ID = 'compoundDb.mcpServer';

export function registerMcpServerProvider(s: Pick<Services, 'connection' | 'secrets' | 'context'>): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  const sub = s.connection.onDidChange(() => changed.fire());
  const provider: vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition> = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => [mcpServerDefinition(s)],
    resolveMcpServerDefinition: async (definition) => {
      if (readSettings().serverUrl === '') return definition;
      const apiKey = await s.secrets.get('apiKey');
      const token = await s.secrets.get('token');
      definition.env = { ...definition.env, ...(apiKey ? { [API_KEY_ENV]: apiKey } : {}), ...(token ? { [TOKEN_ENV]: token } : {}) };
      return definition;
    },
  };
  return vscode.Disposable.from(vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider), sub, changed);
}

/** Node runs the bundle: VS Code's own executable in Node mode (ELECTRON_RUN_AS_NODE), or node under code-server. */
export function mcpServerDefinition(s: Pick<Services, 'context'>): vscode.McpStdioServerDefinition {
  const server = readSettings().serverUrl;
  const args = [s.context.asAbsolutePath('dist/cli.js'), 'mcp', ...(server ? ['--server', server] : [])];
  return new vscode.McpStdioServerDefinition(
    'Compound DB',
    process.execPath,
    args,
    { ELECTRON_RUN_AS_NODE: '1' },
    (s.context.extension.packageJSON as { version: string }).version,
  );
}
