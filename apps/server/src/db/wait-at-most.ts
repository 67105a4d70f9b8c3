/**
 * Waits for after-commit work, `ms` at most: a caller's answer never waits longer on what follows
 * its commit (the work goes on, and its failure is its own to report).
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
    timer.unref();
  });
  await Promise.race([work, waited]);
  clearTimeout(timer);
}
