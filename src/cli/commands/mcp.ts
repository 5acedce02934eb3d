/**
 * `compound-db mcp [--server URL]`: the tools of src/tools as a Model Context Protocol server on stdio, through the
 * official TypeScript SDK. The built-in database starts on the first tool call (connect.ts), so an agent's handshake
 * and tool listing are immediate. Nothing but protocol goes to stdout.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLIENT_VERSION } from '../../client';
import { COMPOUND_TOOLS, runToolAnswer, toolNamed } from '../../tools';
import { connect } from '../connect';
import { LinearStdioServerTransport } from '../mcp-stdio';
import { API_KEY_ENV, TOKEN_ENV } from '../environment';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError } from '../usage';
import { USAGES } from '../usages';

export const usage = USAGES.mcp;

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('mcp', args, { server: { type: 'string' } });
  if (positionals.length) throw new UsageError(`mcp takes no arguments: ${usage}`);
  const secrets = [cli.env[API_KEY_ENV], cli.env[TOKEN_ENV]];
  const connection = await connect(values.server, cli.env); // the built-in database starts on the first request
  const { client, builtIn } = connection;

  const server = new Server({ name: 'compound-db', version: CLIENT_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: COMPOUND_TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      // They only read; the same call gives the same answer; a remote server is a world outside this machine.
      annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: !builtIn },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = toolNamed(request.params.name);
    if (!tool) return failure(`unknown tool ${JSON.stringify(request.params.name)}; the tools are ${COMPOUND_TOOLS.map((t) => t.name).join(', ')}`);
    try {
      const { text, structured } = await runToolAnswer(
        tool,
        request.params.arguments ?? {},
        { client, signal: extra.signal, ratePerSecond: builtIn ? undefined : 5 },
        secrets,
      );
      return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}) };
    } catch (error) {
      return failure(error instanceof Error ? error.message : String(error));
    }
  });

  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new LinearStdioServerTransport());
  cli.signal.addEventListener('abort', () => void server.close(), { once: true });
  process.stdin.once('end', () => void server.close()); // the agent went away
  await closed;
  await connection.close();
  return 0;
}

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
