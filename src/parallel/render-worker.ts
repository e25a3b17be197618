import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import type { SiteDefinition } from '../site/definition.ts';
import type { WorkerSetup } from './protocol.ts';
import { serveRenderRequests } from './render-service.ts';

// The worker as loaded through tsx, when no bundle of it could be made (see `worker-bundle.ts`).
const setup = workerData as WorkerSetup;
const module = (await import(pathToFileURL(setup.module).href)) as { default?: SiteDefinition };
if (!module.default) throw new Error(`${setup.module} has no default export to render with.`);
serveRenderRequests(module.default);
