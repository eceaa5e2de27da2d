/**
 * A retry job's loop: claims a batch of due rows (the claim leases them, so another instance skips them), works
 * each, and claims again until a batch comes back short or the server is stopping. Answers how many it worked.
 */
export async function drainDue<T>(claim: () => Promise<T[]>, batch: number, work: (row: T) => Promise<unknown>, signal?: AbortSignal): Promise<number> {
  for (let total = 0; ; ) {
    const due = await claim();
    for (const row of due) await work(row);
    total += due.length;
    if (due.length < batch || signal?.aborted) return total;
  }
}
