import * as vscode from 'vscode';
import { getNonce } from '../details/nonce';
import { webviewCsp } from './webviewCsp';

export interface WebviewPage {
  extensionUri: vscode.Uri;
  /** File under `dist/` holding the page's script. */
  script: string;
  title: string;
  /** Markup of the body, before the script. */
  body: string;
  /** The page sets element styles from script (the structure editor): allow inline styles, never inline scripts. */
  inlineStyles?: boolean;
}

/** A webview page of this extension: strict CSP (scripts only by nonce), `media/details.css`, one bundled script. */
export function webviewHtml(webview: vscode.Webview, page: WebviewPage): string {
  const nonce = getNonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(page.extensionUri, 'dist', page.script));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(page.extensionUri, 'media', 'details.css'));
  const csp = webviewCsp(webview, nonce, [], { inlineStyles: page.inlineStyles, blobImages: true });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style}" rel="stylesheet">
<title>${page.title}</title>
</head>
<body>
${page.body}
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
