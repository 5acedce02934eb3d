import * as vscode from 'vscode';
import { webviewHtml } from '../common/webviewHtml';

/**
 * The grid editors' page: no network, one nonce'd script, WASM and eval allowed for RDKit, which runs in a worker the
 * page starts from the text of dist/gridWorker.js (a `blob:` URL).
 */
export function gridHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const wasm = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'RDKit_minimal.wasm'));
  const worker = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'gridWorker.js'));
  return webviewHtml(webview, {
    extensionUri,
    script: 'grid.js',
    title,
    stylesheet: 'grid.css',
    head: `<link rel="preload" href="${wasm}" as="fetch" type="application/wasm" crossorigin>`,
    body: `<main id="root" data-wasm="${wasm}" data-worker="${worker}"></main>`,
    // RDKit's WASM bindings (embind) build their call wrappers with `new Function`: 'unsafe-eval' is needed.
    // Nothing from the file reaches a script: text goes in as textContent, structures as <img> data URIs.
    scriptSources: ["'wasm-unsafe-eval'", "'unsafe-eval'"],
    csp: { extra: [`connect-src ${webview.cspSource}`, 'worker-src blob:'] },
  });
}
