import crypto from 'node:crypto';
import { RECEIPT_BLOB_PREFIX } from '../../shared/constants/offline';

/** How long an image link works; <img> tags fetch at once, so minutes are plenty. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
/** Expiries are rounded up to this step so one image keeps one URL for a while (browser cache). */
const EXPIRY_STEP_SECONDS = 5 * 60;

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

/**
 * Short-lived links to private images: HMAC-SHA256 over key and expiry. Stateless, so any API
 * instance can check a link another one signed (they share the secret).
 */
export class BlobUrlSigner {
  constructor(
    private secret: string,
    private baseUrl: string,
    private ttlSeconds = SIGNED_URL_TTL_SECONDS,
  ) {}

  url(key: string, nowMs = Date.now()): string {
    const exp = Math.ceil((nowMs / 1000 + this.ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    return `${this.baseUrl.replace(/\/$/, '')}${RECEIPT_BLOB_PREFIX}${key}?exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  check(key: string, exp: string | undefined, sig: string | undefined, nowMs = Date.now()): SignatureCheck {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
    const expected = Buffer.from(this.sign(key, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
  }

  private sign(key: string, exp: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url');
  }
}
