import type { Channel } from '../webview-protocol/protocol';

/** What `acquireVsCodeApi()` gives a webview page (it may be called once per page). */
export interface VsCodeApi<State = unknown> {
  postMessage(message: unknown): void;
  getState(): State | undefined;
  setState(state: State): void;
}
declare function acquireVsCodeApi<State>(): VsCodeApi<State>;

/** The page's VS Code API, acquired once. */
let api: VsCodeApi | undefined;
export function vsCodeApi<State>(): VsCodeApi<State> {
  api ??= acquireVsCodeApi<unknown>();
  return api as VsCodeApi<State>;
}

/** A webview page's channel to the extension host: `postMessage` out, the window's `message` events in. */
export function hostChannel(): Channel {
  const vscode = vsCodeApi();
  return {
    post: (message) => vscode.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent<unknown>) => listener(event.data);
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  };
}

let testHooksOn = false;

/** The extension said it runs in test mode (the notebook renderer hears it as a push; it has no page of its own to mark). */
export function enableTestHooks(): void {
  testHooksOn = true;
}

/** Whether the extension runs in test mode: it marks the page's body, or says so. The page then answers the test hooks. */
function testMode(): boolean {
  return testHooksOn || document.body.dataset.testHooks === 'on';
}

/** A test hook's handler: it runs `hook` in test mode and refuses otherwise. */
export function testHook<P, R>(hook: (params: P) => R): (params: P) => R {
  return (params) => {
    if (!testMode()) throw new Error('test hooks answer only in test mode');
    return hook(params);
  };
}
