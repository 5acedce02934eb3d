/** A percent-encoded path segment decoded, or undefined when it is not valid percent-encoded UTF-8. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
