// Pending: the URL helpers moved to `core/urls.ts`; this forwarder serves the files the runner's
// branch is moving (content/read.ts, incremental/tracking.ts) and goes once they import the core.
export * from '../core/urls.ts';
