import * as assert from 'assert';
import { spawn } from 'child_process';
import * as vscode from 'vscode';
import { COMPOUND_TOOLS } from '../../../../src/tools';
import { textsNeedingConsent } from '../../../../src/extension/tools/compoundTools';
import { CAFFEINE_KEY, EXTENSION_ID, api, recordIdByName, waitFor } from '../helpers';
import { useFakeRemoteServer } from '../fakeServer';

const CAFFEINE_INCHI = 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The language-model tools, invoked as a chat would (no model needed), and the MCP server the extension offers. */
suite('Language-model tools and MCP server', () => {
  let caffeine: number;
  suiteSetup(async () => {
    await api();
    caffeine = await recordIdByName('caffeine');
  });

  test('are contributed with the names, descriptions and schemas of the shared implementation, and registered', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { languageModelTools: Array<{ name: string; modelDescription: string; inputSchema: unknown }> };
    };
    assert.deepStrictEqual(
      manifest.contributes.languageModelTools.map((t) => ({ name: t.name, modelDescription: t.modelDescription, inputSchema: t.inputSchema })),
      COMPOUND_TOOLS.map((t) => ({ name: t.name, modelDescription: t.description, inputSchema: t.inputSchema })),
    );
    const registered = vscode.lm.tools.map((t) => t.name);
    for (const t of COMPOUND_TOOLS) assert.ok(registered.includes(t.name), `${t.name} is registered`);
  });

  test('every tool answers with compact text against the built-in database', async () => {
    const search = await invoke('compound_search', { query: 'caffeine' });
    assert.match(search, new RegExp(`^${caffeine} \\| Caffeine \\| C8H10N4O2 \\| ${CAFFEINE_KEY} \\|`, 'm'));
    assert.match(
      await invoke('compound_details', { recordIds: [caffeine] }),
      new RegExp(`^Record ${caffeine}: Caffeine\\nformula: C8H10N4O2\\n[\\s\\S]*InChIKey: ${CAFFEINE_KEY}`),
    );
    assert.strictEqual(await invoke('compound_convert', { input: CAFFEINE_INCHI, from: 'InChI', to: 'InChIKey' }), CAFFEINE_KEY);
    const rows = (await invoke('compound_resolve', { identifiers: ['caffeine', 'not a compound'] })).trim().split('\n');
    assert.deepStrictEqual(
      rows.map((r) => r.split(',')[1]),
      ['status', 'found', 'not_found'],
    );
    const similar = await invoke('compound_similar', { smiles: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C' });
    assert.match(similar, /\| score$/m);
    assert.match(similar, new RegExp(`^${caffeine} \\| Caffeine \\| .* \\| 1$`, 'm'));
  });

  test('bad input fails the invocation with the rule it breaks', async () => {
    await assert.rejects(invoke('compound_search', { query: '  ' }), /query/);
    await assert.rejects(invoke('compound_details', { recordIds: [] }), /recordIds/);
    // Every pair of the four formats converts now (chained); a format outside them is refused, naming the field.
    await assert.rejects(invoke('compound_convert', { input: 'CCO', from: 'SMILES', to: 'PNG' }), /\bto\b/);
  });

  test('text goes to a remote server without asking only where the hover privacy settings allow it', () => {
    const texts = [CAFFEINE_KEY, 'CCO', 'caffeine'];
    assert.deepStrictEqual(textsNeedingConsent(texts, { inchikey: true, smiles: false }), ['CCO', 'caffeine']);
    assert.deepStrictEqual(textsNeedingConsent(texts, { inchikey: false, smiles: true }), [CAFFEINE_KEY]);
    assert.deepStrictEqual(textsNeedingConsent(texts, { inchikey: true, smiles: true }), []);
  });

  test('the MCP server definition starts compound-db mcp, which lists every tool', async () => {
    const { command, args, env } = (await api()).mcpServer();
    assert.ok(args[0].endsWith('dist/cli.js') && args[1] === 'mcp', args.join(' '));
    const child = spawn(command, args, { env: { ...process.env, ...(env as Record<string, string>) }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`);
    const end = Date.now() + 20_000;
    while (!out.includes('\n') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    child.kill();
    const reply = JSON.parse(out.split('\n')[0]) as { result: { tools: Array<{ name: string }> } };
    assert.deepStrictEqual(
      reply.result.tools.map((t) => t.name),
      COMPOUND_TOOLS.map((t) => t.name),
    );
  });
});

/** Cancelling a tool as a chat does, at a moment set by an event: the server holds the tool's request unanswered. */
suite('A cancelled language-model tool invocation', () => {
  const remote = useFakeRemoteServer(() => ({ hang: true }), 'tool-cancel-key-0001');

  test('stops at once and hangs up the request it was waiting on', async () => {
    const source = new vscode.CancellationTokenSource();
    const invocation = vscode.lm.invokeTool(
      'compound_resolve',
      { input: { identifiers: ['caffeine', 'aspirin'] }, toolInvocationToken: undefined },
      source.token,
    );
    const held = await waitFor(() => remote().requests[0], "the tool's first request");
    source.cancel();
    await assert.rejects(Promise.resolve(invocation), /cancel/i);
    await waitFor(() => remote().hungUp.includes(held), 'the client to hang up the held request');
  });
});
