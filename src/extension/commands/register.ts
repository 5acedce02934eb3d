import * as vscode from 'vscode';
import { errorMessage, isCancellation } from '../common/errors';
import { userMessage } from '../common/userMessage';
import type { Logger } from '../common/logger';
import { MissingApiKeyError } from '../server/connection';
import { PromptCancelled } from './prompts';

/**
 * Invoked by a person: from the palette (no arguments), a Searches view item (its node), the Explorer's context menu
 * (a file's URI) or a hover link (`interactive: true`). Other callers (tests, other extensions) pass plain arguments.
 */
export function byPerson(args: unknown): boolean {
  if (args === undefined || args instanceof vscode.Uri) return true;
  const a = args as { interactive?: unknown; type?: unknown; searchId?: unknown } | null;
  return !!a && (a.interactive === true || (typeof a.type === 'string' && typeof a.searchId === 'string'));
}

/**
 * Registers a command whose handler takes its inputs as one argument object (prompting for what is missing)
 * and returns its result. Invoked by a person, a failure is shown and the command resolves undefined; invoked
 * with plain arguments, a failure rejects the returned promise.
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
      const person = byPerson(args);
      if (isCancellation(error)) {
        log.info(`${id}: cancelled`);
        if (person) return undefined;
        throw error;
      }
      log.error(`${id}: ${errorMessage(error)}`);
      if (!person) throw error;
      void showError(error);
      return undefined;
    }
  });
}

export async function showError(error: unknown): Promise<void> {
  const setKey = vscode.l10n.t('Set API Key');
  const builtIn = vscode.l10n.t('Use the Built-in Database');
  const showLog = vscode.l10n.t('Show Log');
  const actions = error instanceof MissingApiKeyError ? [setKey, builtIn, showLog] : [showLog];
  const choice = await vscode.window.showErrorMessage(vscode.l10n.t('Compound DB: {0}', userMessage(error)), ...actions);
  if (choice === setKey) await vscode.commands.executeCommand('compoundDb.setApiKey');
  if (choice === builtIn) await vscode.commands.executeCommand('compoundDb.useBuiltInDatabase');
  if (choice === showLog) await vscode.commands.executeCommand('compoundDb.showLog');
}
