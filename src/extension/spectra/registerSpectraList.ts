import * as vscode from 'vscode';
import { SPECTRA_LIST_VIEW_TYPE } from '../../webview/spectra/protocol';
import { Lazy } from '../common/lazy';
import { lazyReadonlyEditor } from '../common/lazyProviders';
import type { SpectraListHost } from './spectraListEditor';

/** The spectra list's editor; its host loads when the first list opens. */
export function registerSpectraList(host: SpectraListHost): vscode.Disposable {
  const provider = new Lazy(async () => new (await import('./spectraListEditor.js')).SpectraListEditorProvider(host));
  return vscode.window.registerCustomEditorProvider(
    SPECTRA_LIST_VIEW_TYPE,
    lazyReadonlyEditor(() => provider.get()),
    {
      webviewOptions: { retainContextWhenHidden: true },
      supportsMultipleEditorsPerDocument: true,
    },
  );
}
