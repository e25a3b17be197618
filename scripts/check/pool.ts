/**
 * Runs `work` over every item with at most `limit` in flight, keeping results in input order.
 * `worker` (0 … limit-1) says which of the parallel lanes runs the item, for lane-owned resources.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number, worker: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (worker: number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index, worker);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, (_, worker) => lane(worker)));
  return results;
}
