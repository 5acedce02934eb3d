import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { tempDir } from '../../support/temp';

type SessionFiles = {
  ensureWorkspace: (runDir: string, o?: { reset?: boolean }) => { workspace: string; created: boolean };
};
type CodeServerFiles = {
  ensureUserSettings: (runDir: string, o?: { settings?: object; reset?: boolean }) => boolean;
};
const root = path.resolve(__dirname, '..', '..', '..', '..');
let ensureWorkspace: SessionFiles['ensureWorkspace'];
let ensureUserSettings: CodeServerFiles['ensureUserSettings'];

/** What `npm start` prepares before code-server runs: done twice, as two starts do, with the user's work between. */
function start(runDir: string, reset = false): string {
  ensureUserSettings(runDir, { reset });
  return ensureWorkspace(runDir, { reset }).workspace;
}

describe("npm start keeps the user's settings and workspace", () => {
  let runDir: string;
  before(async () => {
    // The scripts are plain CommonJS files of this repository, loaded as npm start loads them.
    ({ ensureWorkspace } = (await import(path.join(root, 'scripts/vscode/session.js'))) as SessionFiles);
    ({ ensureUserSettings } = (await import(path.join(root, 'scripts/vscode/code-server.js'))) as CodeServerFiles);
  });
  beforeEach(() => {
    runDir = tempDir('start');
  });

  const settingsFile = () => path.join(runDir, 'user-data', 'User', 'settings.json');

  it('creates both on the first start, then leaves them alone', () => {
    const workspace = start(runDir);
    assert.ok(fs.existsSync(path.join(workspace, 'insert-here.mol')), 'the sample workspace is copied');
    const quiet = JSON.parse(fs.readFileSync(settingsFile(), 'utf8'));
    assert.strictEqual(quiet['workbench.startupEditor'], 'none');

    // The user picks a theme, saves an SDF and inserts a MOL block.
    fs.writeFileSync(settingsFile(), JSON.stringify({ ...quiet, 'workbench.colorTheme': 'Default Light Modern' }));
    fs.writeFileSync(path.join(workspace, 'results.sdf'), 'saved\n$$$$\n');
    fs.appendFileSync(path.join(workspace, 'insert-here.mol'), 'inserted\n');
    const mol = fs.readFileSync(path.join(workspace, 'insert-here.mol'), 'utf8');

    assert.strictEqual(start(runDir), workspace);
    assert.strictEqual(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))['workbench.colorTheme'], 'Default Light Modern');
    assert.strictEqual(fs.readFileSync(path.join(workspace, 'results.sdf'), 'utf8'), 'saved\n$$$$\n');
    assert.strictEqual(fs.readFileSync(path.join(workspace, 'insert-here.mol'), 'utf8'), mol);
  });

  it('--reset puts both back to the first start', () => {
    const workspace = start(runDir);
    fs.writeFileSync(settingsFile(), '{"workbench.colorTheme": "Default Light Modern"}');
    fs.writeFileSync(path.join(workspace, 'results.sdf'), 'saved');
    start(runDir, true);
    assert.strictEqual(JSON.parse(fs.readFileSync(settingsFile(), 'utf8'))['workbench.colorTheme'], undefined);
    assert.ok(!fs.existsSync(path.join(workspace, 'results.sdf')));
    assert.strictEqual(
      fs.readFileSync(path.join(workspace, 'insert-here.mol'), 'utf8'),
      fs.readFileSync(path.join(root, 'sample', 'insert-here.mol'), 'utf8'),
    );
  });
});
