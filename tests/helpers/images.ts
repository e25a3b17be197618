import { XMLParser, XMLValidator } from 'fast-xml-parser';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's size from its header (the IHDR chunk that must come first), or undefined for anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (new TextDecoder().decode(bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** True for well-formed XML whose root element is `<svg>` in the SVG namespace. */
export function isValidSvg(text: string): boolean {
  if (XMLValidator.validate(text) !== true) return false;
  const root = new XMLParser({ ignoreAttributes: false, ignoreDeclaration: true }).parse(text) as Record<string, Record<string, string>>;
  return root.svg?.['@_xmlns'] === 'http://www.w3.org/2000/svg';
}

/** Parses XML, failing loudly when it is not well-formed. */
export function parseXml(text: string): Record<string, any> {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`Not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return new XMLParser({
    ignoreAttributes: false,
    ignoreDeclaration: true,
    isArray: (name) => ['item', 'entry', 'url', 'link'].includes(name),
  }).parse(text);
}
