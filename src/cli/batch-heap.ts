import v8 from 'node:v8';

/**
 * Keeps a build's heaps near what they hold. Left to its own heuristics, V8 lets a busy thread's
 * old generation grow to several times its live objects before collecting; in about half of the
 * 10,000-page builds the main thread's heap grew to 750 MB over some 200 MB of live objects, and
 * those builds took 20–25% longer and peaked at 1.2 GB instead of 0.77 GB. Growing each heap by
 * half of what survived the last collection made most measured builds take the fast path.
 *
 * What remained of the slow path was allocation-site pretenuring: once V8 decided that objects
 * made at some site (Markdown parsing's, on the busy main thread) tend to survive, it allocated
 * them in the old generation, where as garbage they kept the young objects they point to alive
 * through every scavenge. The main thread then promoted 0.8 to 1 GB over a 10,000-page build
 * against 0.2 GB, paused 2.3 to 2.7 s for scavenges against 0.6 to 0.7 s, and ran 30
 * mark-compacts against 13 (`--trace-gc-nvp`, three builds each way). Without pretenuring every
 * measured build took the fast path.
 *
 * The young generation is kept at the size it has when this runs (`--semi-space-growth-factor=1`;
 * V8 reads that flag each time it would grow it, unlike `--max-semi-space-size`, which only a new
 * isolate takes). Left to grow, it doubled up to 32 MB per semi-space on each thread: at 40 locales ×
 * 1,000 pages (`npm run bench:multilingual`) the main thread's heap took 575 MB for 455 MB used and
 * the render worker's 309 MB for 236, and the build peaked at 1.5 GB; kept small, 533 and 192 MB,
 * and a peak of 1.2 GB, for about the same CPU (see docs/performance-history.md, issue 41).
 *
 * Process-wide (worker threads included), so only for a process that exists to build: the CLI
 * and the benchmark call it, the engine does not.
 */
export function keepHeapsNearLiveSize(): void {
  v8.setFlagsFromString('--heap-growing-percent=50');
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}
