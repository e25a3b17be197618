import { z } from 'zod';
import { formatField, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { locateField } from './locate.ts';
import type { SplitFile } from './parse.ts';
import { decodeCharacterReferences, SAFE_URL_EXPECTED, unsafeUrlScheme } from '../safety/unsafe-url.ts';
import { diagnose } from '../diagnostics/catalogue/index.ts';

/** A JSON Schema node, as far as finding URL fields needs it. */
interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Schemas whose JSON form was worked out, so each collection's is computed once per process. */
const jsonSchemas = new WeakMap<z.ZodType, JsonSchema | null>();

/**
 * The front-matter fields a collection declares as URLs (`z.url()`), with an unsafe scheme in
 * any of them reported at the field: `clients[0].url: expected a URL that runs no code, found
 * "javascript:…"`. Character references count too (`jav&#x61;script:`), since a template might
 * one day put the value into HTML unescaped. When the schema cannot be read as JSON Schema, every
 * string without spaces is treated as a possible URL.
 */
export function checkFrontMatterUrls(parsed: SplitFile, schema: z.ZodType): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const json = jsonSchemaOf(schema);
  const visit = (value: unknown, node: JsonSchema | null | undefined, fieldPath: PropertyKey[]) => {
    if (typeof value === 'string') {
      const isUrlField = json ? isUrlSchema(node) : !/\s/.test(value.trim());
      const scheme = isUrlField ? (unsafeUrlScheme(value) ?? unsafeUrlScheme(decodeCharacterReferences(value))) : undefined;
      if (scheme) {
        diagnostics.push({
          ...diagnose('unsafe-url', { scheme, inFrontMatter: true }),
          file: parsed.source.file,
          ...locateField(parsed, fieldPath),
          field: formatField(fieldPath),
          expected: SAFE_URL_EXPECTED,
          actual: JSON.stringify(value),
        });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, json ? itemSchema(node, index) : null, [...fieldPath, index]);
      });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, json ? propertySchema(node, key) : null, [...fieldPath, key]);
    }
  };
  visit(parsed.data, json, []);
  return diagnostics;
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema | null {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    try {
      json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      json = null;
    }
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** The branches a value may match: the node itself and any union or intersection members. */
function branches(node: JsonSchema | null | undefined): JsonSchema[] {
  if (!node) return [];
  return [node, ...[...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap(branches)];
}

function isUrlSchema(node: JsonSchema | null | undefined): boolean {
  return branches(node).some((branch) => branch.format === 'uri' || branch.format === 'url');
}

function propertySchema(node: JsonSchema | null | undefined, key: string): JsonSchema | undefined {
  const matches = branches(node).flatMap((branch) => {
    const child = branch.properties?.[key] ?? (typeof branch.additionalProperties === 'object' ? branch.additionalProperties : undefined);
    return child ? [child] : [];
  });
  return matches.length > 1 ? { anyOf: matches } : matches[0];
}

function itemSchema(node: JsonSchema | null | undefined, index: number): JsonSchema | undefined {
  const matches = branches(node).flatMap((branch) => {
    const child = branch.prefixItems?.[index] ?? branch.items;
    return child ? [child] : [];
  });
  return matches.length > 1 ? { anyOf: matches } : matches[0];
}
