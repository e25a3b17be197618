import { workerData } from 'node:worker_threads';
import { loadSiteBundle } from '../site/load.ts';
import type { WorkerSetup } from './protocol.ts';
import { serveRenderRequests } from './render-service.ts';

// A render worker: the site from the bundle the main thread loaded, then pages as it asks (see `render-pool.ts`).
const setup = workerData as WorkerSetup;
serveRenderRequests(await loadSiteBundle(setup.module));
