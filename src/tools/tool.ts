/**
 * One tool for language models, shared by the VS Code language-model tools and the MCP server (`compound-db mcp`):
 * its name, what a model is told, its JSON input schema, and what it does. No vscode import.
 */
import type { CompoundDbClient } from '../client';
import { shownValue } from '../wire';

export interface ToolContext {
  client: CompoundDbClient;
  signal?: AbortSignal;
  /** Requests a second for many-request tools (a remote server's limit); unpaced when absent. */
  ratePerSecond?: number;
}

/** The text a model reads; structure text it was given, for the privacy check of a host that sends it afar. */
export interface CompoundTool<I = unknown> {
  name: string;
  title: string;
  /** What the model is told: when to use it, what it returns. */
  description: string;
  inputSchema: JsonSchemaObject;
  /** Checks the input with the palette commands' rules; throws ToolInputError naming the field. */
  parse(input: unknown): I;
  run(input: I, context: ToolContext): Promise<string>;
  /** The input strings that came from the user's text (identifiers, structures), for a confirmation before a remote send. */
  sentText(input: I): string[];
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
}

/** Bad input from the model: reported back as a tool error with this message. */
export class ToolInputError extends Error {}

export function objectInput(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new ToolInputError('the input must be a JSON object');
  return input as Record<string, unknown>;
}

/** A whole number in [min, max], or the default when absent. */
export function wholeNumberInput(input: Record<string, unknown>, field: string, min: number, max: number, fallback: number): number {
  const value = input[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolInputError(`${field} must be a whole number from ${min} to ${max}, not ${shownValue(value)}`);
  }
  return value;
}

/** A pipe table: a header line, then one line per row; cells lose their line breaks and pipes. */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | undefined>>): string {
  const cell = (v: string | number | undefined): string => (v === undefined ? '' : String(v)).replace(/[\r\n|]+/g, ' ');
  return [header, ...rows].map((r) => r.map(cell).join(' | ')).join('\n');
}
