/** The tools for language models, one implementation each, for VS Code (src/extension/tools) and MCP (src/cli/commands/mcp.ts). */
import { makeRedactor } from '../client';
import { compoundConvert } from './convert';
import { compoundDetails } from './details';
import { compoundResolve } from './resolve';
import { compoundSearch } from './search';
import { compoundSimilar } from './similar';
import { spectrumIdentify } from './identify';
import type { CompoundTool, ToolAnswer, ToolContext } from './tool';

export { ToolInputError, type CompoundTool, type JsonSchemaObject, type ToolAnswer, type ToolContext } from './tool';

export const COMPOUND_TOOLS = [
  compoundSearch,
  compoundDetails,
  compoundConvert,
  compoundResolve,
  compoundSimilar,
  spectrumIdentify,
] as unknown as ReadonlyArray<CompoundTool<unknown>>;

export function toolNamed(name: string): CompoundTool<unknown> | undefined {
  return COMPOUND_TOOLS.find((t) => t.name === name);
}

/** Checks the input and runs the tool; the text never holds one of `secrets` (a server may echo them in an error). */
export async function runTool(
  tool: CompoundTool<unknown>,
  input: unknown,
  context: ToolContext,
  secrets: ReadonlyArray<string | undefined>,
): Promise<string> {
  return (await runToolAnswer(tool, input, context, secrets)).text;
}

/** runTool with the answer's data beside its text (MCP's structuredContent), neither holding one of `secrets`. */
export async function runToolAnswer(
  tool: CompoundTool<unknown>,
  input: unknown,
  context: ToolContext,
  secrets: ReadonlyArray<string | undefined>,
): Promise<ToolAnswer> {
  const scrub = makeRedactor(secrets);
  try {
    const answer = await tool.run(tool.parse(input), context);
    if (typeof answer === 'string') return { text: scrub(answer) };
    return { text: scrub(answer.text), structured: answer.structured && (scrubbed(answer.structured, scrub) as Record<string, unknown>) };
  } catch (error) {
    if (error instanceof Error) error.message = scrub(error.message);
    throw error;
  }
}

/** Every string inside `value` scrubbed. */
function scrubbed(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, scrub));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, scrub)]));
  return value;
}
