/**
 * Polls `check` until it passes, or throws its last error after `timeoutMs`. Replication is asynchronous, so the
 * sync tests assert on what it delivers in the end; the 20 s default covers a device's retry backoff after a server
 * restart (tests waiting on something quicker pass a shorter limit).
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
