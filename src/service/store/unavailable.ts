/** The store cannot be reached right now (its database is down or restarting): the routes answer 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    cause?: unknown,
  ) {
    super('The compound database is not reachable right now.', { cause });
  }
}
