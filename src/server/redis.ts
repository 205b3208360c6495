import type * as IORedis from 'ioredis';
import { onFirstUse } from './onFirstUse';

/** Only a cluster counts in Redis: a single server never loads the client. */
const ioredis = onFirstUse<typeof IORedis>('ioredis');

/**
 * The connection for counters every instance shares (rate limits). Tuned to fail fast: a limiter
 * that waits on an unreachable Redis would hold every request; the limiter lets requests through
 * instead (skipOnError in plugins/security.ts) and the error is logged.
 */
export function openRedis(url: string, onError: (err: Error) => void): IORedis.Redis {
  const redis = new (ioredis().Redis)(url, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    connectionName: 'tally',
    // Back within a second of Redis returning; a closed client is not kept waiting longer either.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  redis.on('error', onError);
  return redis;
}
