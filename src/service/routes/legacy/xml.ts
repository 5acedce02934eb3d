/**
 * A tiny XML writer for the older interface: every text is escaped, element names are checked, and the root
 * carries the default namespace (contract 2.1). XML is never built from unescaped strings.
 */
import { LEGACY_XML_NAMESPACE } from '../../../wire';

export interface XmlElement {
  readonly name: string;
  readonly children: ReadonlyArray<XmlElement>;
  readonly text?: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** An element holding text (numbers and booleans written as in .NET: `true`/`false`). */
export function textElement(name: string, value: string | number | boolean): XmlElement {
  return { name: checkName(name), children: [], text: String(value) };
}

export function element(name: string, children: ReadonlyArray<XmlElement> = []): XmlElement {
  return { name: checkName(name), children };
}

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not an XML element name: ${JSON.stringify(name)}`);
  return name;
}

/** Escapes text for element content and attribute values; drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are the control characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      .replace(/\r/g, '&#13;')
  );
}

function write(node: XmlElement, out: string[], rootAttrs: string): void {
  out.push(`<${node.name}${rootAttrs}`);
  if (node.text !== undefined) {
    out.push(node.text === '' ? ' />' : `>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  if (node.children.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  for (const c of node.children) write(c, out, '');
  out.push(`</${node.name}>`);
}

/** The whole document: declaration and the root in LEGACY_XML_NAMESPACE. */
export function xmlDocument(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="utf-8"?>\n'];
  write(root, out, ` xmlns="${escapeXml(LEGACY_XML_NAMESPACE)}"`);
  return out.join('');
}

/** A long list as a document written a piece at a time: the declaration and the root's start, its children, its end. */
export const xmlStream = {
  start: (rootName: string): string => `<?xml version="1.0" encoding="utf-8"?>\n<${checkName(rootName)} xmlns="${escapeXml(LEGACY_XML_NAMESPACE)}">`,
  children: (nodes: readonly XmlElement[]): string => {
    const out: string[] = [];
    for (const node of nodes) write(node, out, '');
    return out.join('');
  },
  end: (rootName: string): string => `</${checkName(rootName)}>`,
};
