import type * as vscode from 'vscode';

/**
 * Editor providers VS Code must know at activation whose implementations load on first use (`Lazy`): each method
 * awaits the implementation, then hands over.
 */
export function lazyReadonlyEditor<D extends vscode.CustomDocument>(
  provider: () => Promise<vscode.CustomReadonlyEditorProvider<D>>,
): vscode.CustomReadonlyEditorProvider<D> {
  return {
    openCustomDocument: async (uri, context, token) => (await provider()).openCustomDocument(uri, context, token),
    resolveCustomEditor: async (document, panel, token) => (await provider()).resolveCustomEditor(document, panel, token),
  };
}

export function lazyTextEditor(provider: () => Promise<vscode.CustomTextEditorProvider>): vscode.CustomTextEditorProvider {
  return {
    resolveCustomTextEditor: async (document, panel, token) => (await provider()).resolveCustomTextEditor(document, panel, token),
  };
}
