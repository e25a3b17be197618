/**
 * The engine's modules a site's code imports (`stillsite`, its public API, and `stillsite/jsx-runtime`),
 * handed to `code.ts` from above: they sit at the top of the engine (`index.ts`) or in a layer
 * above this one (`render/`), so this layer names neither. `provide-engine.ts` provides them in
 * each thread that loads a site's code: the command's main thread first, then every worker of the
 * runner's pool, to which the pool passes the file that provided them (see `runner/pool.ts`).
 */

/** The engine's modules by the name under which a site's bundle reads them (see `code.ts`). */
export interface EngineModules {
  engine: object;
  'jsx-runtime': object;
}

export type EngineModuleName = keyof EngineModules;

/** The engine's package name, as a site imports it. */
export const ENGINE_PACKAGE = 'stillsite';

/** Where a bundle finds module `name`: a global, so that its code gets this thread's very modules. */
export function engineModuleKey(name: EngineModuleName): symbol {
  return Symbol.for(`${ENGINE_PACKAGE}.${name}`);
}

/** The file that provided this thread's engine, for the workers it starts. */
let providedBy: string | undefined;

/** Makes `modules` the ones a site's code gets in this thread; `provider` is the module that calls this, by its URL. */
export function provideEngine(modules: EngineModules, provider: string): void {
  for (const [name, module] of Object.entries(modules))
    (globalThis as Record<symbol, unknown>)[engineModuleKey(name as EngineModuleName)] = module;
  providedBy = provider;
}

/** The module `name`, as provided; an engine that loads a site's code before providing it is a bug of the engine. */
export function engineModule(name: EngineModuleName): object {
  const module = (globalThis as Record<symbol, object | undefined>)[engineModuleKey(name)];
  if (!module) throw new Error(`The engine's ${name} module was not provided before a site's code was loaded (see src/provide-engine.ts).`);
  return module;
}

/** Throws, as `engineModule` does, unless both modules were provided: a bundle reads them as it is imported. */
export function assertEngineProvided(): void {
  engineModule('engine');
  engineModule('jsx-runtime');
}

/** The URL of the module that provided this thread's engine, if one did: a worker imports it to provide its own. */
export function engineProvider(): string | undefined {
  return providedBy;
}
