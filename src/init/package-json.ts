/** A package.json as read: any fields, kept in their order. */
export type PackageJson = Record<string, unknown>;

/** What a starter site needs of its package.json. */
export interface StarterPackage {
  name: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** A merged package.json and what the merge did or left alone, one short sentence each. */
export interface MergedPackage {
  json: PackageJson;
  notes: string[];
}

/**
 * The starter's package.json, or the one a folder has with what the starter needs added: every
 * field it had is kept, and a script or dependency it already names is left as it is. The
 * starter's files are ES modules, so `"type"` becomes `"module"` (`npm init -y` writes
 * `"commonjs"`); that change is noted.
 */
export function mergePackageJson(existing: PackageJson | undefined, starter: StarterPackage): MergedPackage {
  if (!existing) {
    const { name, scripts, dependencies, devDependencies } = starter;
    return { json: { name, version: '0.1.0', private: true, type: 'module', scripts, dependencies, devDependencies }, notes: [] };
  }
  const json: PackageJson = { ...existing };
  const notes: string[] = [];
  if (json.type !== 'module') {
    if (json.type !== undefined) notes.push(`package.json: "type" changed from ${JSON.stringify(json.type)} to "module".`);
    json.type = 'module';
  }
  for (const field of ['scripts', 'dependencies', 'devDependencies'] as const) {
    const had = isRecord(json[field]) ? (json[field] as Record<string, unknown>) : {};
    const merged: Record<string, unknown> = { ...had };
    for (const [key, value] of Object.entries(starter[field])) {
      // A package may already be a dependency of the other kind (the engine, installed as a dev dependency).
      const elsewhere = field !== 'scripts' && [json.dependencies, json.devDependencies].some((list) => isRecord(list) && key in list);
      if (key in had || elsewhere) {
        if (field === 'scripts' && had[key] !== value) notes.push(`package.json: kept your "${key}" script; the starter's is "${value}".`);
        continue;
      }
      merged[key] = value;
    }
    json[field] = merged;
  }
  return { json, notes };
}

/** A folder's name made into a valid npm package name (lower case, URL-safe). */
export function packageName(folderName: string): string {
  const name = folderName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'my-site';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
