// Pending: the scanner moved to `render/html-scan.ts`; this forwarder serves render/pages.ts,
// which the runner's branch is moving, and goes once it imports the scanner from its new place.
export * from '../render/html-scan.ts';
