import * as vscode from 'vscode';
import { errorMessage, isCancellation } from '../common/errors';
import { userMessage } from '../common/userMessage';
import type { Logger } from '../common/logger';
import { MissingApiKeyError } from '../server/connection';
import { PromptCancelled } from './prompts';

/** Who ran a command; decided by the rules on `defineCommand`, never guessed from the argument's fields. */
export type Invocation = 'person' | 'program';

/** The field a caller sets to say a person asked for this run (a hover link, a webview's button, a view item). */
export interface ByPerson {
  interactive?: true;
}

export interface CommandOptions {
  /**
   * The command is offered only on the Searches view's items (its ID starts `compoundDb.searches.`): VS Code
   * passes it the clicked node, and every run is a person's.
   */
  readonly viewItem?: true;
}

/** A command's handler, by the ID package.json contributes it under (registered with VS Code by `registerContributedCommands`). */
export interface CommandDefinition {
  readonly id: string;
  readonly run: (args?: unknown) => Promise<unknown>;
}

/**
 * Defines a command whose handler takes its inputs as one argument object (prompting for what is missing)
 * and returns its result. How it was run is explicit:
 * - a person: no argument (the palette, a keybinding), a `vscode.Uri` (VS Code's argument from the Explorer's
 *   context menu), an argument with `interactive: true` (`ByPerson`), or any run of a `viewItem` command. A
 *   failure is shown and the command resolves undefined.
 * - a program (other extensions, tests): any other argument. A failure rejects the returned promise.
 */
export function defineCommand<A extends object | undefined, R>(
  id: string,
  log: Logger,
  handler: (args: A | undefined, invocation: Invocation) => Promise<R>,
  options: CommandOptions = {},
): CommandDefinition {
  return {
    id,
    run: async (args?: unknown) => {
      const person = options.viewItem || args === undefined || args instanceof vscode.Uri || (args as ByPerson).interactive === true;
      const invocation: Invocation = person ? 'person' : 'program';
      try {
        return await handler(args as A | undefined, invocation);
      } catch (error) {
        if (error instanceof PromptCancelled) return undefined;
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
    },
  };
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
