import * as engine from './index.ts';
import * as jsxRuntime from './render/jsx-runtime.ts';
import { provideEngine } from './site/engine-modules.ts';

/*
 * Imported for this effect alone: a site's code imports `stillsite` and its JSX runtime, and must
 * get the very modules that build it (one engine, one React). The command line imports this first
 * (`cli/main.ts`); each worker of the runner's pool imports it too, by the URL given here, before
 * its first task that loads a site's code (`runner/worker.ts`).
 */
provideEngine({ engine, 'jsx-runtime': jsxRuntime }, import.meta.url);
