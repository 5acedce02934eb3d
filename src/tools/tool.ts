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

/** A tool's answer: the text a model reads and, for a tool with an `outputSchema`, the same answer as data. */
export interface ToolAnswer {
  text: string;
  structured?: Record<string, unknown>;
}

/** The text a model reads; structure text it was given, for the privacy check of a host that sends it afar. */
export interface CompoundTool<I = unknown> {
  name: string;
  title: string;
  /** What the model is told: when to use it, what it returns. */
  description: string;
  inputSchema: JsonSchemaObject;
  /** The schema of the answer's data (MCP's structuredContent), when the tool gives it. */
  outputSchema?: JsonSchemaObject;
  /** Checks the input with the palette commands' rules; throws ToolInputError naming the field. */
  parse(input: unknown): I;
  run(input: I, context: ToolContext): Promise<string | ToolAnswer>;
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

/**
 * A pipe table: a header line, then one line per row; cells lose their line breaks and pipes.
 * @public For a tool whose whole table fits any answer (the record lists use fittedRows and tableRow).
 */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | undefined>>): string {
  return [header, ...rows].map(tableRow).join('\n');
}

/**
 * The most characters of an answer: under 5,000 tokens even where identifiers (SMILES, InChIKeys) come to 2.5
 * characters a token. A longer list is cut at a row and says how to ask for the rest.
 */
export const MAX_ANSWER_CHARS = 12_000;

/**
 * The first of `rows` whose lines fit the answer budget beside `head` (and a closing line), with that text: a list
 * cut short ends with `rest(shown)`, which tells the model how to ask for the rows left out.
 */
export function fittedRows<R>(
  head: string,
  rows: readonly R[],
  lineOf: (row: R) => string,
  rest: (shown: number) => string,
): { rows: R[]; text: string } {
  const lines = [head];
  let length = head.length;
  for (let i = 0; i < rows.length; i++) {
    const line = lineOf(rows[i]);
    if (length + line.length + 1 > MAX_ANSWER_CHARS - 400) return { rows: rows.slice(0, i), text: [...lines, rest(i)].join('\n') };
    lines.push(line);
    length += line.length + 1;
  }
  return { rows: [...rows], text: lines.join('\n') };
}

/** The cells of one table row (table() above). */
export function tableRow(row: ReadonlyArray<string | number | undefined>): string {
  return row.map((v) => (v === undefined ? '' : String(v)).replace(/[\r\n|]+/g, ' ')).join(' | ');
}
