/** The walkthrough, opened once on a fresh install so a new user sees what the extension does. */
import * as vscode from 'vscode';

const SHOWN_KEY = 'compoundDb.walkthroughShown';
const WALKTHROUGH_ID = 'compoundDb.gettingStarted';

/**
 * Opens "Get Started with Compound DB" the first time the extension activates for this user. VS Code opens a
 * walkthrough by itself only when an extension is installed from the Extensions view, not when it came with the
 * installation (`--install-extension`, a `.vsix` put in before the start). Not in test runs, and not where the
 * user turned walkthroughs off (`workbench.welcomePage.walkthroughs.openOnInstall`).
 */
export async function openWalkthroughOnFirstRun(context: vscode.ExtensionContext): Promise<boolean> {
  if (context.extensionMode === vscode.ExtensionMode.Test || context.globalState.get<boolean>(SHOWN_KEY)) return false;
  if (vscode.workspace.getConfiguration('workbench').get<boolean>('welcomePage.walkthroughs.openOnInstall') === false) return false;
  await context.globalState.update(SHOWN_KEY, true);
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false);
  return true;
}
