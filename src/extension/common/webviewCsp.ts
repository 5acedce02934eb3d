import type * as vscode from 'vscode';

export interface CspAllowances {
  /** More directives, whole (the grid's `worker-src`, say). */
  extra?: string[];
  /** The page sets element styles from script (the structure editor): inline styles, never inline scripts. */
  inlineStyles?: boolean;
  /** Images the page makes itself (`blob:` URLs). */
  blobImages?: boolean;
}

/**
 * The content security policy of the extension's webviews: nothing from the network, images, styles and fonts from
 * the extension's own files, scripts only with the page's nonce. `script` adds sources (the grid's WASM needs them).
 */
export function webviewCsp(webview: vscode.Webview, nonce: string, script: string[] = [], allow: CspAllowances = {}): string {
  return [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:${allow.blobImages ? ' blob:' : ''}`,
    `style-src ${webview.cspSource}${allow.inlineStyles ? " 'unsafe-inline'" : ''}`,
    `font-src ${webview.cspSource}`,
    ...(allow.extra ?? []),
    [`script-src 'nonce-${nonce}'`, ...script].join(' '),
  ].join('; ');
}
