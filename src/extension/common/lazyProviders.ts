import * as vscode from 'vscode';

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

/**
 * An event VS Code subscribes to at activation, fired by a provider made later: `relay` hands over that provider's
 * event once it exists.
 */
export class RelayedEvent<T> implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<T>();
  readonly event = this.emitter.event;
  private source?: vscode.Disposable;

  relay(event: vscode.Event<T> | undefined): void {
    this.source ??= event?.((e) => this.emitter.fire(e));
  }

  dispose(): void {
    this.source?.dispose();
    this.emitter.dispose();
  }
}

/**
 * A tree view's provider made on first use: VS Code's first question for rows makes it (`provider`); it asks for the
 * items of rows only after, and `made` answers those at once. `changed` carries the made provider's changes.
 */
export function lazyTreeDataProvider<T>(
  provider: () => Promise<vscode.TreeDataProvider<T>>,
  made: () => vscode.TreeDataProvider<T> | undefined,
  changed: RelayedEvent<T | undefined | void>,
): vscode.TreeDataProvider<T> {
  const tree = () => {
    const m = made();
    if (!m) throw new Error('The tree was asked about a row before it gave any');
    return m;
  };
  return {
    onDidChangeTreeData: changed.event,
    getChildren: async (element) => (await provider()).getChildren(element),
    getTreeItem: (element) => tree().getTreeItem(element),
    getParent: (element) => tree().getParent?.(element),
    resolveTreeItem: (item, element, token) => tree().resolveTreeItem?.(item, element, token) ?? item,
  };
}

/** Inlay hints made on first use: the first request makes the provider; `changed` carries its changes. */
export function lazyInlayHints(provider: () => Promise<vscode.InlayHintsProvider>, changed: RelayedEvent<void>): vscode.InlayHintsProvider {
  return {
    onDidChangeInlayHints: changed.event,
    provideInlayHints: async (document, range, token) => (await provider()).provideInlayHints(document, range, token),
  };
}
