/**
 * The compound_* tools of src/tools as VS Code language-model tools (contributed in package.json, registered here).
 * Before text from the user's files goes to a remote server, the user confirms it, unless the hover privacy setting
 * of that kind of text (InChIKeys, or structures and names) already allows sending it.
 */
import * as vscode from 'vscode';
import { isInchiKeyShape } from '../../wire/limits';
import type { CompoundTool } from '../../tools';
import { readSettings, type HoverKind } from '../config/settings';
import type { Services } from '../commands/services';

/** What the tools work with: all of it made at activation. */
type ToolServices = Pick<Services, 'context' | 'connection' | 'secrets'>;

/** The tools, and the client under them, load on first use, not at activation. */
async function toolNamed(name: string): Promise<CompoundTool<unknown>> {
  const { toolNamed } = await import('../../tools/index.js');
  const tool = toolNamed(name);
  if (!tool) throw new Error(`No implementation of the contributed tool ${name}`);
  return tool;
}

/** Registered by the names package.json contributes (the VS Code suite checks them against src/tools). */
export function registerCompoundTools(s: ToolServices): vscode.Disposable[] {
  const manifest = s.context.extension.packageJSON as { contributes: { languageModelTools: Array<{ name: string }> } };
  return manifest.contributes.languageModelTools.map(({ name }) =>
    vscode.lm.registerTool<object>(name, {
      prepareInvocation: async (options) => {
        const tool = await toolNamed(name);
        return {
          invocationMessage: vscode.l10n.t('Compound DB: {0}', tool.title),
          confirmationMessages: confirmation(s, tool, options.input),
        };
      },
      invoke: async (options, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        try {
          const tool = await toolNamed(name);
          const { runTool } = await import('../../tools/index.js');
          const { client, server } = await s.connection.get();
          const ratePerSecond = server.kind === 'remote' ? readSettings().resolveRate : undefined;
          const text = await runTool(tool, options.input, { client, signal: controller.signal, ratePerSecond }, s.secrets.knownValues());
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
        } finally {
          sub.dispose();
        }
      },
    }),
  );
}

/** The texts the hover settings do not let go to a remote server: InChIKeys by their setting, anything else by the SMILES one. */
export function textsNeedingConsent(texts: readonly string[], allowed: Record<HoverKind, boolean>): string[] {
  return texts.filter((t) => !(isInchiKeyShape(t.trim()) ? allowed.inchikey : allowed.smiles));
}

/** A confirmation when the tool would send text the hover settings do not let go to the remote server; none otherwise. */
export function confirmation(s: ToolServices, tool: CompoundTool<unknown>, raw: unknown): vscode.LanguageModelToolConfirmationMessages | undefined {
  if (s.connection.usesLocal()) return undefined;
  let texts: string[];
  try {
    texts = tool.sentText(tool.parse(raw));
  } catch {
    return undefined; // the invocation fails with the input error before anything is sent
  }
  const held = textsNeedingConsent(texts, readSettings().hoverSendToRemote);
  if (!held.length) return undefined;
  const server = readSettings().serverUrl;
  const shown = held.slice(0, 5).map((t) => `- \`${t.length > 80 ? `${t.slice(0, 80)}…` : t}\``);
  if (held.length > 5) shown.push(vscode.l10n.t('- and {0} more', held.length - 5));
  return {
    title: vscode.l10n.t('Send to {0}?', server),
    message: new vscode.MarkdownString(
      `${vscode.l10n.t('{0} sends this text to the remote server {1}:', tool.title, server)}\n\n${shown.join('\n')}`,
    ),
  };
}
