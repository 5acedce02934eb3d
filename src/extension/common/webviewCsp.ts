import type * as vscode from 'vscode';

/**
 * The content security policy of the extension's webviews: nothing from the network, images, styles and fonts from
 * the extension's own files, scripts only with the page's nonce. `script` adds sources (the grid's WASM needs them).
 */
export function webviewCsp(webview: vscode.Webview, nonce: string, script: string[] = [], extra: string[] = []): string {
  return [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    ...extra,
    [`script-src 'nonce-${nonce}'`, ...script].join(' '),
  ].join('; ');
}
