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

/** The project's texts for a field that is left out or does not hold a value of its kind (README). */
export function missingParameter(name: string): LegacyError {
  return new LegacyError(`Missing parameter: ${name}.`);
}

export function invalidParameter(name: string): LegacyError {
  return new LegacyError(`Invalid value for parameter: ${name}.`);
}
