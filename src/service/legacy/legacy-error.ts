/** An older-interface failure: HTTP 500 with a plain-text body (contract 2.1). */
export class LegacyError extends Error {
  constructor(
    readonly text: string,
    readonly status = 500,
    readonly headers: Record<string, string> = {},
  ) {
    super(text);
  }
}
