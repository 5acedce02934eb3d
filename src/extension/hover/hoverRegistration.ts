import * as vscode from 'vscode';
import { onDidChangeSettings, readSettings } from '../config/settings';
import type { CompoundHoverProvider } from './compoundHoverProvider';

/** Files, untitled editors and the cells of any notebook; not output panes or git documents. */
const HOVER_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { notebookType: '*' }];
/** Where inlay hints name the compounds (`CompoundInlayHints`): data files and notebook cells. */
export const INLAY_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/*.{csv,tsv,smi,CSV,TSV,SMI}' }, { notebookType: '*' }];

/**
 * The hover provider, registered only while a hover setting (`compoundDb.hover.inchikey.enabled`, `.smiles.enabled`)
 * is on: with both off, VS Code never calls into the extension on a hover. The provider's code loads on the first
 * hover, not at activation.
 */
export function registerHoverWhileEnabled(made: () => Promise<CompoundHoverProvider>): vscode.Disposable {
  const provider: vscode.HoverProvider = {
    provideHover: async (document, position, token) => (await made()).provideHover(document, position, token),
  };
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
