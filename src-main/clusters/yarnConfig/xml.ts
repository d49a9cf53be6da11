import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * An XML element as read: its attributes (`@_name`), text (`#text`) and child elements, each a
 * list; an element with only text is read as that text.
 */
export type XmlElement = { [key: string]: XmlNode[] | string | undefined };
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every child element is a list, so one queue and many read alike.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  commentPropName: '#comment',
  processEntities: true,
});

/**
 * The validator's complaint in words. Elements left open are listed by it as a JSON array and placed
 * at line 1 ("Invalid '[    \"configuration\",    \"property\"]' found."): named as elements instead,
 * without a line that is not where they are.
 */
function notWellFormed(err: { msg: string; line: number }): string {
  const names = openElements(err.msg);
  if (names) return `not well-formed XML: ${names.map((n) => `<${n}>`).join(', ')} ${names.length === 1 ? 'is' : 'are'} never closed`;
  return `not well-formed XML at line ${err.line}: ${validatorWords(err.msg)}`;
}

/** The validator's commonest complaints as a person who edited the file reads them; others as it gives them. */
function validatorWords(msg: string): string {
  const crossed = /^Expected closing tag '(.+)' \(opened in line (\d+), col \d+\) instead of closing tag '(.+)'\.$/.exec(msg);
  if (crossed) return `</${crossed[3]}> comes before the </${crossed[1]}> of the <${crossed[1]}> opened at line ${crossed[2]}`;
  const unclosed = /^Unclosed tag '(.+)'\.$/.exec(msg);
  if (unclosed) return `<${unclosed[1]}> is never closed`;
  const char = /^char '(.)' is not expected\.$/.exec(msg);
  if (char) return `“${char[1]}” is not expected here (is this an XML file?)`;
  const repeated = /^Attribute '(.+)' is repeated\.$/.exec(msg);
  if (repeated) return `the attribute ${repeated[1]} is given twice`;
  return msg;
}

/** The names in the validator's list of elements left open, or undefined when the message is another. */
function openElements(msg: string): string[] | undefined {
  const list = /^Invalid '(\[.*\])' found\.$/.exec(msg)?.[1];
  if (list === undefined) return undefined;
  try {
    const names = JSON.parse(list) as unknown;
    return Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string') ? names : undefined;
  } catch {
    return undefined;
  }
}

/** The document's root element of `rootName`, or where the text is not that: a line and a message in words. */
export function readXml(text: string, rootName: string): { ok: true; root: XmlNode } | { ok: false; message: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, message: notWellFormed(valid.err) };
  let doc: XmlElement;
  try {
    doc = parser.parse(text) as XmlElement;
  } catch (err) {
    // The parser's own guards (elements nested too deep, entities that expand too far) throw: said in words.
    const why = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      message: /nested tags/i.test(why) ? 'its elements are nested too deep to be a YARN scheduler file' : `the XML could not be read (${why})`,
    };
  }
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && k !== '#comment');
  const root = doc[rootName];
  if (!Array.isArray(root) || root.length !== 1)
    return { ok: false, message: `expected a <${rootName}> document, found ${roots.length ? roots.map((r) => `<${r}>`).join(', ') : 'no element'}` };
  return { ok: true, root: root[0] };
}

/** The child elements of one name. */
export const children = (el: XmlNode, name: string): XmlNode[] => {
  if (typeof el === 'string') return [];
  const list = el[name];
  return Array.isArray(list) ? list : [];
};
/** An element's text, trimmed ('' when it has none). */
export const textOf = (el: XmlNode): string => {
  if (typeof el === 'string') return el.trim();
  const text = el['#text'];
  return Array.isArray(text)
    ? text
        .map((t) => (typeof t === 'string' ? t : ''))
        .join('')
        .trim()
    : typeof text === 'string'
      ? text.trim()
      : '';
};
/** The text of the first child of this name, or undefined. */
export const childText = (el: XmlNode, name: string): string | undefined => {
  const c = children(el, name)[0] as XmlNode | undefined;
  return c === undefined ? undefined : textOf(c);
};
export const attribute = (el: XmlNode, name: string): string | undefined => {
  if (typeof el === 'string') return undefined;
  const a = el[`@_${name}`];
  return typeof a === 'string' ? a : undefined;
};
/** The names of an element's children, comments and text left out. */
export const childNames = (el: XmlNode): string[] =>
  typeof el === 'string' ? [] : Object.keys(el).filter((k) => !k.startsWith('@_') && k !== '#text' && k !== '#comment');

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  commentPropName: '#comment',
  suppressEmptyNode: false,
});

/** A document from a plain object tree (attributes as `@_name`), with an XML declaration. */
export function writeXml(tree: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(tree) as string}`;
}
