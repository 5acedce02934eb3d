/** Polls until `probe` gives a truthy value (readiness, not speed: the limit only stops a hung run). */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, limitMs = 30_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
