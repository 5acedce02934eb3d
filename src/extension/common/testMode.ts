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

/** `fn`, its calls counted for the test hooks in test mode only; outside test mode `fn` itself and no count. */
export function countedInTestMode<A extends unknown[], R>(fn: (...args: A) => R): { fn: (...args: A) => R; calls?: () => number } {
  if (!on) return { fn };
  let calls = 0;
  return {
    fn: (...args) => {
      calls++;
      return fn(...args);
    },
    calls: () => calls,
  };
}
