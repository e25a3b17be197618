import type { ComponentType } from 'react';
import { importBundle } from '../site/code.ts';

/**
 * The MDX entries' components in this thread: imported (asynchronously, as modules are) before a
 * build's pages render, so rendering stays synchronous. Each bundle file is imported once: its
 * name changes with its contents.
 */
const loaded = new Map<string, ComponentType>();

/** Imports the modules of a build's MDX entries (see `bundleMdx`) that this thread has not yet imported. */
export async function loadMdxContent(modules: Readonly<Record<string, string>> | undefined): Promise<void> {
  if (!modules) return;
  await Promise.all(
    Object.values(modules).map(async (file) => {
      if (loaded.has(file)) return;
      const module = (await importBundle(file)) as { default: ComponentType };
      loaded.set(file, module.default);
    }),
  );
}

/** The component of an MDX entry's body, once `loadMdxContent` has imported it. */
export function mdxContent(modules: Readonly<Record<string, string>> | undefined, entryFile: string): ComponentType | undefined {
  const file = modules?.[entryFile];
  return file ? loaded.get(file) : undefined;
}
