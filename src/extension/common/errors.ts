/** A one-line message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function isCancellation(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'CancelledError' || error.name === 'AbortError' || (error as { kind?: string }).kind === 'Cancelled')
  );
}
