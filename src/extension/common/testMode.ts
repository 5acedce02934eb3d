/**
 * Whether the extension runs in test mode (`ExtensionMode.Test`: VS Code started it with a test entry). Only then
 * do the webviews answer the test hooks' requests (their pages are marked) and the grids register for driving;
 * set once by `activate`.
 */
let on = false;

export function setTestMode(value: boolean): void {
  on = value;
}

export function inTestMode(): boolean {
  return on;
}
