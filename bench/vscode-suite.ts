/** Runs the VS Code integration suite (scripts/test-vscode.js) for the tests `grep` picks, handing each line it prints to `onLine`. */
import { spawn } from 'child_process';
import * as path from 'path';

const root = path.resolve(__dirname, '..', '..');

export function runVSCodeSuite(grep: string, onLine: (line: string) => void, onStart?: (pid: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/test-vscode.js'], {
      cwd: root,
      env: { ...process.env, COMPOUND_DB_TEST_GREP: grep, COMPOUND_DB_TEST_TIMEOUT_MS: '180000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onStart?.(child.pid!);
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.resume();
    child.on('close', () => resolve());
  });
}
