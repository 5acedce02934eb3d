import * as vscode from 'vscode';
import type { CommandTable } from './commandTable';

/**
 * Registers every command package.json contributes (scripts/check-commands.js checks each has a definition). The
 * handlers load on the first run of any command: activation only names them.
 */
export function registerContributedCommands(context: vscode.ExtensionContext, table: () => Promise<CommandTable>): vscode.Disposable[] {
  const manifest = context.extension.packageJSON as { contributes: { commands: Array<{ command: string }> } };
  return manifest.contributes.commands.map(({ command: id }) =>
    vscode.commands.registerCommand(id, async (args?: unknown) => {
      const run = (await table()).get(id);
      if (!run) throw new Error(`No handler for the contributed command ${id}`);
      return run(args);
    }),
  );
}
