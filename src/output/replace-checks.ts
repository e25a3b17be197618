import fs from 'node:fs';
import path from 'node:path';
import { OutputNotWritableError } from './lock.ts';
import { foreignOutput, OutputNotOursError } from './ownership.ts';
import { guardAgainstShrinking } from './shrink-guard.ts';
import { surveyFolder } from './survey.ts';
import { line } from '../diagnostics/catalogue/index.ts';

/**
 * What must hold before a build's output replaces the folder `target`, checked with nothing
 * changed yet: the folder is a build's output (see `foreignOutput`); the next output keeps at
 * least half of it (when `nextPaths` is given, see `guardAgainstShrinking`); and every folder of
 * it can be written, or the old output, once swapped aside, could not be removed, and would
 * stay beside the new one.
 */
export function checkReplaceable(target: string, nextPaths: ReadonlySet<string> | undefined): void {
  const foreign = foreignOutput(target);
  if (foreign) throw new OutputNotOursError(foreign);
  const current = surveyFolder(target);
  if (nextPaths) guardAgainstShrinking(target, current, nextPaths);
  for (const folder of current?.folders ?? []) {
    const absolute = path.join(target, folder);
    try {
      fs.accessSync(absolute, fs.constants.W_OK);
    } catch {
      throw new OutputNotWritableError(line('output-not-writable', { readOnly: absolute, target }));
    }
  }
}
