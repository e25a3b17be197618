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
 * Process-wide (worker threads included), so only for a process that exists to build: the CLI
 * and the benchmark call it, the engine does not.
 */
export function keepHeapsNearLiveSize(): void {
  v8.setFlagsFromString('--heap-growing-percent=50');
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
