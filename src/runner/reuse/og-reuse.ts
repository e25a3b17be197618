import type { DrawJob } from '../../og/plan.ts';
import { forEachLimited, type CurrentOutput } from '../../output/write.ts';
import { CarriedFile } from '../../output/files.ts';
import type { KnownFile } from './state.ts';

/**
 * Splits a build's social images into those the output holds already (the same cache key as
 * last time, the file untouched since) and those to publish. Carried images are not even read
 * from the image cache: ten thousand PNGs are hundreds of megabytes.
 */
export async function carryDrawnImages(
  jobs: readonly DrawJob[],
  previous: ReadonlyMap<string, KnownFile> | undefined,
  current: CurrentOutput | undefined,
): Promise<{ carried: CarriedFile[]; jobs: DrawJob[] }> {
  if (!previous || !current) return { carried: [], jobs: [...jobs] };
  const carried: Array<CarriedFile | undefined> = new Array(jobs.length);
  await forEachLimited([...jobs.keys()], 64, async (index) => {
    const job = jobs[index]!;
    const known = previous.get(job.outPath);
    if (known?.source === job.key && current.stamp(job.outPath) === known.stamp)
      carried[index] = new CarriedFile(job.outPath, known.hash, current);
  });
  return { carried: carried.filter((file) => file !== undefined), jobs: jobs.filter((_, index) => !carried[index]) };
}
