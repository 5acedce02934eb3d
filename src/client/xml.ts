/**
 * Reading the older interface's XML: fast-xml-parser with entity expansion off (no DOCTYPE entities), namespaces
 * stripped, text kept exactly (MOL blocks have meaningful leading blanks). Only the five predefined entities and
 * character references are decoded, by hand.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ParseError } from './errors';

export type XmlNode = string | XmlElement | XmlNode[];
export interface XmlElement {
  [name: string]: XmlNode;
}

const parser = new XMLParser({
  processEntities: false,
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: false,
  parseTagValue: false,
  // Items of an `ArrayOf...` root, and the references inside `ExternalReferences`, are always lists.
  isArray: (_name: string, jpath: unknown) => {
    const parts = String(jpath).split('.');
    return (parts.length === 2 && parts[0].startsWith('ArrayOf')) || parts[parts.length - 2] === 'ExternalReferences';
  },
});

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** Parses a document and returns the content of its root, which must be `root`. */
export function parseXmlRoot(text: string, root: string, what: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ParseError(`The answer to ${what} is not XML (${valid.err.msg})`);
  let doc: Record<string, XmlNode>;
  try {
    doc = parser.parse(text) as Record<string, XmlNode>;
  } catch (error) {
    throw new ParseError(`The answer to ${what} is not XML (${(error as Error).message})`, undefined, { cause: error });
  }
  const roots = Object.keys(doc).filter((k) => k !== '#text');
  if (roots.length !== 1 || roots[0] !== root) {
    throw new ParseError(`The answer to ${what} has root <${roots.join(', ') || 'none'}>, expected <${root}>`);
  }
  return doc[root];
}

/** Text of a node (`<a>x</a>` → `x`; `<a/>` → ``). */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return decodeXmlText(node);
  if (Array.isArray(node)) return textOf(node[0]);
  const inner = node['#text'];
  return typeof inner === 'string' ? decodeXmlText(inner) : undefined;
}

/** Child elements of a node, by name, as an object; whitespace text between elements is dropped. */
export function elementOf(node: XmlNode | undefined): XmlElement {
  if (node && typeof node === 'object' && !Array.isArray(node)) return node;
  return {};
}

/** The items of an `ArrayOf...` node, whatever the item element is called. */
export function itemsOf(node: XmlNode | undefined): XmlNode[] {
  const element = elementOf(node);
  return Object.entries(element)
    .filter(([name]) => name !== '#text')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]));
}

export function numberOf(node: XmlNode | undefined): number {
  const text = textOf(node)?.trim();
  return text === undefined || text === '' ? Number.NaN : Number(text);
}
