import * as vscode from 'vscode';
import { webviewCsp } from '../common/webviewCsp';
import { getNonce } from '../details/nonce';

export function gridWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** The grid editors' page: no network, one nonce'd script, WASM and eval allowed for RDKit. */
export function gridHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = getNonce();
  const asset = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path));
  // RDKit's WASM bindings (embind) build their call wrappers with `new Function`: 'unsafe-eval' is needed.
  // Nothing from the file reaches a script: text goes in as textContent, structures as <img> data URIs.
  const csp = webviewCsp(webview, nonce, ["'wasm-unsafe-eval'", "'unsafe-eval'"], { extra: [`connect-src ${webview.cspSource}`] });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${asset('media', 'grid.css')}" rel="stylesheet">
<link rel="preload" href="${asset('dist', 'RDKit_minimal.wasm')}" as="fetch" type="application/wasm" crossorigin>
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="root" data-wasm="${asset('dist', 'RDKit_minimal.wasm')}"></main>
<script nonce="${nonce}" src="${asset('dist', 'grid.js')}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
