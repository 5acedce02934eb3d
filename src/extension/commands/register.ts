import * as vscode from 'vscode';
import { errorMessage, isCancellation } from '../common/errors';
import type { Logger } from '../common/logger';
import { MissingApiKeyError } from '../server/connection';
import { PromptCancelled } from './prompts';

/**
 * Registers a command whose handler takes its inputs as one argument object (prompting for what is missing)
 * and returns its result. Run from the palette (no arguments), a failure is shown and the command resolves
 * undefined; run with arguments (tests, other extensions, links), a failure rejects the returned promise.
 */
export function registerCommand<A extends object | undefined, R>(
  id: string,
  log: Logger,
  handler: (args: A | undefined) => Promise<R>,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (args?: A) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof PromptCancelled) return undefined;
      if (isCancellation(error)) {
        log.info(`${id}: cancelled`);
        if (args === undefined) return undefined;
        throw error;
      }
      log.error(`${id}: ${errorMessage(error)}`);
      if (args === undefined) {
        void showError(error);
        return undefined;
      }
      throw error;
    }
  });
}

export async function showError(error: unknown): Promise<void> {
  const actions = error instanceof MissingApiKeyError ? ['Set API Key', 'Use the Built-in Database', 'Show Log'] : ['Show Log'];
  const choice = await vscode.window.showErrorMessage(`Compound DB: ${errorMessage(error)}`, ...actions);
  if (choice === 'Set API Key') await vscode.commands.executeCommand('compoundDb.setApiKey');
  if (choice === 'Use the Built-in Database') await vscode.commands.executeCommand('compoundDb.useBuiltInDatabase');
  if (choice === 'Show Log') await vscode.commands.executeCommand('compoundDb.showLog');
}
