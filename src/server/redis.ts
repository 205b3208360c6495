import { Redis } from 'ioredis';

/**
 * The connection for counters every instance shares (rate limits). Tuned to fail fast: a limiter
 * that waits on an unreachable Redis would hold every request; the limiter lets requests through
 * instead (skipOnError in plugins/security.ts) and the error is logged.
 */
export function openRedis(url: string, onError: (err: Error) => void): Redis {
  const redis = new Redis(url, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    connectionName: 'tally',
    // Back within a second of Redis returning; a closed client is not kept waiting longer either.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  redis.on('error', onError);
  return redis;
}
