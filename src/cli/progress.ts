/** A progress bar for one task, redrawn in place. */
export interface ProgressBar {
  update(done: number, total: number): void;
  /** Clears the bar so the summary line takes its place. */
  clear(): void;
}

const WIDTH = 30;

/**
 * A one-line bar on a terminal: `Drawing social images [██████░░░░]  48/95`. Anywhere else (a
 * pipe, a CI log) it prints nothing, since carriage returns there only make noise.
 */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return { update: () => {}, clear: () => {} };
  let shown = false;
  return {
    update(done, total) {
      if (total === 0) return;
      stream.write(`\r${formatProgress(label, done, total)}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}

/** The bar's text: label, a bar `WIDTH` cells wide, and the count. */
export function formatProgress(label: string, done: number, total: number): string {
  const filled = total ? Math.round((done / total) * WIDTH) : WIDTH;
  const count = String(total).length;
  return `${label} [${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(done).padStart(count)}/${total}`;
}
