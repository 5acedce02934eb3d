import * as vscode from 'vscode';
import { onDidChangeSettings, readSettings } from '../config/settings';
import { HOVER_SELECTOR } from './compoundHoverProvider';

/**
 * The hover provider, registered only while a hover setting (`compoundDb.hover.inchikey.enabled`, `.smiles.enabled`)
 * is on: with both off, VS Code never calls into the extension on a hover.
 */
export function registerHoverWhileEnabled(provider: vscode.HoverProvider): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  const sync = () => {
    const { inchikey, smiles } = readSettings().hoverEnabled;
    if ((inchikey || smiles) && !registration) registration = vscode.languages.registerHoverProvider(HOVER_SELECTOR, provider);
    else if (!inchikey && !smiles && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  sync();
  const watch = onDidChangeSettings((e) => e.affectsConfiguration('compoundDb.hover') && sync());
  return new vscode.Disposable(() => {
    watch.dispose();
    registration?.dispose();
  });
}
