/** The tools for language models, one implementation each, for VS Code (src/extension/tools) and MCP (src/cli/commands/mcp.ts). */
import { makeRedactor } from '../client';
import { compoundConvert } from './convert';
import { compoundDetails } from './details';
import { compoundResolve } from './resolve';
import { compoundSearch } from './search';
import { compoundSimilar } from './similar';
import { spectrumIdentify } from './identify';
import type { CompoundTool, ToolContext } from './tool';

export { ToolInputError, type CompoundTool, type JsonSchemaObject, type ToolContext } from './tool';

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
  const scrub = makeRedactor(secrets);
  try {
    return scrub(await tool.run(tool.parse(input), context));
  } catch (error) {
    if (error instanceof Error) error.message = scrub(error.message);
    throw error;
  }
}
