/** A person's private mail address: an unguessable token at Tally's mail domain. */
import crypto from 'node:crypto';

/** Base32 letters (no 0/1/8/9, so the token reads aloud and survives case changes). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 120 random bits: nobody finds a person's address by trying. */
const TOKEN_BYTES = 15;
const TOKEN_RE = /^[a-z2-7]{24}$/;

export function newToken(): string {
  const bytes = crypto.randomBytes(TOKEN_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function addressOf(token: string, domain: string): string {
  return `${token}@${domain}`;
}

/** The token a recipient names at this domain (case does not matter in either part), or null when it names none. */
export function tokenOf(recipient: string, domain: string): string | null {
  const at = recipient.lastIndexOf('@');
  if (at < 0 || recipient.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = recipient.slice(0, at).toLowerCase();
  return TOKEN_RE.test(local) ? local : null;
}

/** An address as senders are compared: trimmed, lower case. */
export function normalAddress(address: string): string {
  return address.trim().toLowerCase();
}
