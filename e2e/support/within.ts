/**
 * `work`, or an error naming `what` once `ms` have passed. For the steps that have no timeout of
 * their own (an evaluate awaiting the page's promise, a server closing): a step that never ends
 * then fails its test by name instead of holding it until jest's limit.
 */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
