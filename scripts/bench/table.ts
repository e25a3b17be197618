/** One measured step of the benchmark. */
export interface BenchRow {
  /** Synthetic case studies added to the real content. */
  n: number;
  step: string;
  /** Pages the build has (for social images: images measured). */
  pages: number;
  /** Pages (or images) actually rendered. */
  rendered: number;
  /** Wall time of the step, process start to exit. */
  seconds: number;
  /** Wall time per page of the site (per image for social images). */
  msPerPage: number;
  peakRssMB: number;
  /** CPU time of the process, all threads (undefined for social images, measured per image). */
  cpuSeconds?: number;
  /** The machine's one-minute load average as the step started: other work competing for the cores. */
  load: number;
  note: string;
}

/** The benchmark as a Markdown table, ready for the README. */
export function formatTable(
  rows: readonly BenchRow[],
  machine: { cpus: number; model: string; node: string; loadAverageAtStart: number },
): string {
  const lines = [
    `${machine.cpus} cores (${machine.model}), Node ${machine.node}, load average ${machine.loadAverageAtStart} at the start`,
    '',
    '| N | step | pages | rendered | wall s | ms / page | CPU s | peak RSS MB | load | note |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows
      .map((row) =>
        [
          row.n.toLocaleString('en-US'),
          row.step,
          row.pages.toLocaleString('en-US'),
          row.rendered.toLocaleString('en-US'),
          row.seconds.toFixed(2),
          row.msPerPage < 1 ? row.msPerPage.toFixed(3) : row.msPerPage.toFixed(2),
          row.cpuSeconds === undefined ? '' : row.cpuSeconds.toFixed(1),
          String(row.peakRssMB),
          row.load.toFixed(1),
          row.note,
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ];
  return lines.join('\n');
}
