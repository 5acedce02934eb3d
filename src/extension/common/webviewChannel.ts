import type * as vscode from 'vscode';
import type { Channel } from '../../webview-protocol/protocol';

/** The extension's channel to one webview page (src/webview-protocol). */
export function webviewChannel(webview: vscode.Webview): Channel {
  return {
    post: (message) => void webview.postMessage(message),
    listen(listener) {
      const subscription = webview.onDidReceiveMessage((message: unknown) => listener(message));
      return () => {
        subscription.dispose();
      };
    },
  };
}
