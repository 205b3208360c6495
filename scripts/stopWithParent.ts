/**
 * Runs `stop` (synchronously) if this process exits while a child it started is still running,
 * even by a crash. Without it the child outlives us: a detached auth emulator died later on its
 * first log line into the closed pipe, under a test run that had reused it; servers kept holding
 * their ports.
 */
export function stopWithParent(stop: () => void, childExited: Promise<unknown>): void {
  process.once('exit', stop);
  void childExited.then(() => process.off('exit', stop));
}
