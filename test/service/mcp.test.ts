/**
 * `compound-db mcp` as a child process, driven by the official SDK's client over stdio: the six tools listed with
 * their schemas, each called (caffeine's InChIKey, a conversion, a similarity list), bad inputs as tool errors, and
 * no key or token in any result even from a server that echoes them.
 */
import * as assert from 'assert';
import * as path from 'path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEV_API_KEY, DEV_TOKEN, startService, type RunningService } from '../../src/service';
import { COMPOUND_TOOLS } from '../../src/tools';
import { startEchoingProxy } from './support/unreliable-proxy';

const BIN = path.resolve(__dirname, '../../../bin/compound-db.js');
const CAFFEINE_KEY = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';
const CAFFEINE_INCHI = 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3';

interface TextResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
}

async function open(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'compound-db-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as TextResult;
  return { text: result.content.map((c) => c.text ?? '').join('\n'), isError: result.isError === true };
}

describe('compound-db mcp', function () {
  this.timeout(120_000);
  let mcp: Client;
  let service: RunningService;

  before(async () => {
    mcp = await open([]);
    service = await startService({ port: 0 });
  });
  after(async () => {
    await mcp?.close();
    await service?.close();
  });

  it('lists the six tools with the schemas of src/tools', async () => {
    const { tools } = await mcp.listTools();
    assert.deepStrictEqual(
      tools.map((t) => t.name),
      ['compound_search', 'compound_details', 'compound_convert', 'compound_resolve', 'compound_similar', 'spectrum_identify'],
    );
    for (const tool of tools) {
      const own = COMPOUND_TOOLS.find((t) => t.name === tool.name)!;
      assert.deepStrictEqual(tool.inputSchema, own.inputSchema);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} tells a model when to use it`);
    }
  });

  it('answers every tool against the built-in database', async () => {
    const search = await call(mcp, 'compound_search', { query: 'caffeine' });
    assert.ok(!search.isError, search.text);
    assert.match(search.text, /^record_id \| name \| formula \| inchikey \| smiles \| monoisotopic_mass$/m);
    assert.match(search.text, new RegExp(`\\| Caffeine \\| C8H10N4O2 \\| ${CAFFEINE_KEY} \\|`));
    const id = Number(/^(\d+) \| Caffeine/m.exec(search.text)?.[1]);

    const details = await call(mcp, 'compound_details', { recordIds: [id] });
    assert.match(details.text, new RegExp(`Record ${id}: Caffeine\\nformula: C8H10N4O2\\n`));
    assert.match(details.text, new RegExp(`InChIKey: ${CAFFEINE_KEY}`));

    assert.deepStrictEqual(await call(mcp, 'compound_convert', { input: CAFFEINE_INCHI, from: 'InChI', to: 'InChIKey' }), {
      text: CAFFEINE_KEY,
      isError: false,
    });

    const resolve = await call(mcp, 'compound_resolve', { identifiers: ['caffeine', CAFFEINE_KEY, 'not a compound'] });
    assert.deepStrictEqual(
      resolve.text
        .trim()
        .split('\n')
        .map((l) => l.split(',').slice(0, 3).join(',')),
      ['input,status,record_id', `caffeine,found,${id}`, `${CAFFEINE_KEY},found,${id}`, 'not a compound,not_found,'],
    );

    const similar = await call(mcp, 'compound_similar', { smiles: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', threshold: 0.5 });
    assert.ok(!similar.isError, similar.text);
    assert.match(similar.text, /\| score$/m);
    assert.match(similar.text, new RegExp(`^${id} \\| Caffeine \\| .* \\| 1$`, 'm'));
  });

  it('gives bad inputs back as tool errors naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['compound_search', {}, /query/],
      ['compound_search', { query: 'x', maxResults: 1000 }, /maxResults must be a whole number from 1 to 100/],
      ['compound_details', { recordIds: ['abc'] }, /recordIds/],
      ['compound_convert', { input: 'CCO', from: 'SMILES', to: 'Mol' }, /not allowed|allowed/],
      ['compound_convert', { input: 'not an inchi', from: 'InChI', to: 'InChIKey' }, /inchi|InChI|input/],
      ['compound_resolve', { identifiers: 'caffeine' }, /identifiers must be a non-empty list/],
      ['compound_similar', { smiles: 'C', threshold: 2 }, /threshold must be a number from 0 to 1/],
      ['compound_nothing', {}, /unknown tool "compound_nothing"/],
    ];
    for (const [name, args, pattern] of cases) {
      const result = await call(mcp, name, args);
      assert.ok(result.isError, `${name} ${JSON.stringify(args)} is a tool error`);
      assert.match(result.text, pattern);
    }
  });

  it('keeps the key and token out of results with --server, even when the server echoes them', async () => {
    const proxy = await startEchoingProxy(service.baseUrl, DEV_TOKEN);
    const remote = await open(['--server', proxy.url], { COMPOUND_DB_API_KEY: DEV_API_KEY, COMPOUND_DB_TOKEN: DEV_TOKEN });
    try {
      const texts = [
        await call(remote, 'compound_search', { query: 'echo' }),
        await call(remote, 'compound_resolve', { identifiers: ['echo', 'caffeine'] }),
        await call(remote, 'compound_search', { query: 'caffeine' }),
      ];
      assert.ok(texts[0].isError);
      assert.match(texts[2].text, new RegExp(CAFFEINE_KEY));
      const all = JSON.stringify(texts);
      assert.ok(!all.includes(DEV_API_KEY) && !all.includes(DEV_TOKEN), all);
    } finally {
      await remote.close();
      await proxy.close();
    }
  });
});
