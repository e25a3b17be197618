// Pending: the social images' options moved to `site/social-images.ts`; this forwarder serves
// parallel/protocol.ts, which the runner's branch is moving, and goes once it imports the site's.
export * from '../site/social-images.ts';
