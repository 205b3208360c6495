import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * A statement's bytes as text, a piece at a time as they arrive: UTF-8 where the bytes are UTF-8,
 * and each byte that is not read as Windows-1252. So a Windows-1252 export reads right (its
 * accented letters are never valid UTF-8), and so does a UTF-8 export with a stray Windows-1252
 * byte, which read whole as Windows-1252 would garble every accent.
 */
export type StatementEncoding = 'utf-8' | 'windows-1252';

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Bytes 0x80–0xFF as Windows-1252 reads them. */
const WINDOWS_1252 = iconv.decode(Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i)), 'win1252');

const isContinuation = (b: number | undefined) => b !== undefined && (b & 0xc0) === 0x80;

/**
 * The length of the UTF-8 sequence at `at`: 1 to 4; 0 when the bytes there are no UTF-8; -1 when
 * they may be, but the bytes end first.
 */
function sequenceAt(bytes: Uint8Array, at: number): number {
  const b = bytes[at];
  if (b < 0x80) return 1;
  // The lead byte's length and its second byte's range (overlong forms and surrogates excluded).
  let length: number, low: number, high: number;
  if (b >= 0xc2 && b <= 0xdf) [length, low, high] = [2, 0x80, 0xbf];
  else if (b === 0xe0) [length, low, high] = [3, 0xa0, 0xbf];
  else if (b === 0xed) [length, low, high] = [3, 0x80, 0x9f];
  else if (b >= 0xe1 && b <= 0xef) [length, low, high] = [3, 0x80, 0xbf];
  else if (b === 0xf0) [length, low, high] = [4, 0x90, 0xbf];
  else if (b >= 0xf1 && b <= 0xf3) [length, low, high] = [4, 0x80, 0xbf];
  else if (b === 0xf4) [length, low, high] = [4, 0x80, 0x8f];
  else return 0;
  if (at + 1 >= bytes.length) return -1;
  if (bytes[at + 1] < low || bytes[at + 1] > high) return 0;
  for (let i = 2; i < length; i++) {
    if (at + i >= bytes.length) return -1;
    if (!isContinuation(bytes[at + i])) return 0;
  }
  return length;
}

export class StatementDecoder {
  private carry: Buffer = Buffer.alloc(0);
  private started = false;
  private windows1252Bytes = 0;
  private utf8Sequences = 0;

  /** The text of these bytes; a sequence cut off at their end waits for the next bytes. */
  write(bytes: Uint8Array): string {
    let buf = this.carry.length ? Buffer.concat([this.carry, bytes]) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!this.started) {
      if (buf.length < UTF8_BOM.length && UTF8_BOM.slice(0, buf.length).every((b, i) => buf[i] === b)) {
        this.carry = Buffer.from(buf);
        return '';
      }
      this.started = true;
      if (UTF8_BOM.every((b, i) => buf[i] === b)) buf = buf.subarray(UTF8_BOM.length);
    }
    return this.decode(buf, false);
  }

  /** The text of the bytes still waiting: an unfinished sequence at the very end is no UTF-8. */
  end(): string {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    this.started = true;
    return rest.length ? this.decode(rest, true) : '';
  }

  /** Windows-1252 when bytes were read so and none as UTF-8 beyond ASCII; else UTF-8. */
  get encoding(): StatementEncoding {
    return this.windows1252Bytes > 0 && this.utf8Sequences === 0 ? 'windows-1252' : 'utf-8';
  }

  private decode(buf: Buffer, final: boolean): string {
    // The usual case, a piece of valid UTF-8: one native check and one native decode.
    let end = buf.length;
    if (!final) {
      // A sequence cut off at the end (its lead byte is among the last three) waits for the rest.
      for (let at = Math.max(0, end - 3); at < end; at++) {
        if (buf[at] >= 0xc0 && sequenceAt(buf, at) === -1) {
          end = at;
          break;
        }
      }
    }
    this.carry = end < buf.length ? Buffer.from(buf.subarray(end)) : Buffer.alloc(0);
    const body = buf.subarray(0, end);
    if (isUtf8(body)) {
      if (!this.utf8Sequences && body.some((b) => b >= 0x80)) this.utf8Sequences++;
      return body.toString('utf8');
    }
    let text = '';
    let runStart = 0;
    for (let at = 0; at < body.length;) {
      const length = body[at] < 0x80 ? 1 : sequenceAt(body, at);
      if (length > 0) {
        if (length > 1) this.utf8Sequences++;
        at += length;
        continue;
      }
      text += body.toString('utf8', runStart, at) + WINDOWS_1252[body[at] - 0x80];
      this.windows1252Bytes++;
      at++;
      runStart = at;
    }
    return text + body.toString('utf8', runStart);
  }
}
