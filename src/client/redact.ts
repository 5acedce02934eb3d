/** Removes the API key and the token (raw and URL-encoded) from any text before it is logged or thrown. */
export const REDACTED = '[redacted]';

export type Redact = (text: string) => string;

export function makeRedactor(secrets: ReadonlyArray<string | undefined>): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  // Longest first, so an encoded form is not half-replaced through a shorter raw one.
  const ordered = [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((out, form) => out.split(form).join(REDACTED), text);
}
