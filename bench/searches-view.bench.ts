/**
 * The Searches view and activation in VS Code (issue 29), from the integration suite run in code-server: the time from
 * running the search command to the tree's rows (targets: 300 ms for a search the service answers within 50 ms) and
 * the extension's first activation by VS Code's own figures (target 15 ms). The suite prints each figure beside its
 * target; this bench runs those tests and repeats their lines.
 */
import { runVSCodeSuite } from './vscode-suite';

(async () => {
  console.log('In VS Code (code-server), from the integration suite:');
  await runVSCodeSuite('Enter to rows|First activation', (line) => {
    if (/Enter to rows|activation time|passed, \d+ failed|FAIL/.test(line)) console.log(`  ${line.trim()}`);
  });
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
