import * as vscode from 'vscode';
import { getNonce } from '../details/nonce';
import { webviewCsp, type CspAllowances } from './webviewCsp';
import { inTestMode } from './testMode';

/** What every webview of this extension may run and load: scripts, and files under `dist/` and `media/` only. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export interface WebviewPage {
  extensionUri: vscode.Uri;
  /** File under `dist/` holding the page's script. */
  script: string;
  /** Plain text (escaped here). */
  title: string;
  /** Markup of the body, before the script. */
  body: string;
  /** File under `media/` holding the page's stylesheet; `details.css` when left out. */
  stylesheet?: string;
  /** More markup for the head (a preload, say). */
  head?: string;
  /** Sources the page's scripts need beyond the nonce (the grid's WASM toolkit). */
  scriptSources?: string[];
  /** What the page's policy allows beyond the strict default; images it makes itself (`blob:`) when left out. */
  csp?: CspAllowances;
}

/** A webview page of this extension: strict CSP (scripts only by nonce), one stylesheet, one bundled script. */
export function webviewHtml(webview: vscode.Webview, page: WebviewPage): string {
  const nonce = getNonce();
  const asset = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(page.extensionUri, ...path));
  const csp = webviewCsp(webview, nonce, page.scriptSources ?? [], page.csp ?? { blobImages: true });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${asset('media', page.stylesheet ?? 'details.css')}" rel="stylesheet">
${page.head ? `${page.head}\n` : ''}<title>${escapeHtml(page.title)}</title>
</head>
<body${inTestMode() ? ' data-test-hooks="on"' : ''}>
${page.body}
<script nonce="${nonce}" src="${asset('dist', page.script)}"></script>
</body>
</html>`;
}

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
