import { Transform, type TransformCallback } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge, type HttpError } from '../errors';

/**
 * Bounds on the shape of a JSON body, checked while it arrives, before anything parses it.
 * Every body the API takes is shallow; the large ones are large only because of one image
 * string. Parsing (and then validating) millions of nested or listed values blocks the one
 * event loop every user shares, so such a body is refused at the first byte past a bound.
 */
export const JSON_LIMITS = {
  /** Levels of nested arrays and objects. */
  maxDepth: 10,
  /** Arrays, objects and list entries in all. */
  maxValues: 20_000,
  /** Bytes outside string values (structure, numbers, white space). */
  maxStructureBytes: 512 * 1024,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);
const COMMA = 0x2c;

/**
 * Follows nesting, value count and structure size through the body's chunks. Inside a string it
 * jumps from quote to quote (native search), so a large image costs next to nothing.
 */
export class JsonShapeCheck extends Transform {
  /** Fastify compares this with Content-Length when a preParsing hook swaps the stream. */
  receivedEncodedLength = 0;
  private depth = 0;
  private values = 0;
  private structureBytes = 0;
  private inString = false;
  private escaped = false;

  constructor(private limits = JSON_LIMITS) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    const error = this.scan(chunk);
    if (error) callback(error);
    else callback(null, chunk);
  }

  /** Scans one chunk, carrying the state over to the next; answers the first bound broken. */
  scan(buf: Buffer): HttpError | null {
    const { maxDepth, maxValues, maxStructureBytes } = this.limits;
    const n = buf.length;
    let i = 0;
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const end = closingQuote(buf, i);
        if (end === -1) {
          this.escaped = backslashRun(buf, i, n) % 2 === 1;
          return null;
        }
        this.inString = false;
        i = end + 1;
        continue;
      }
      const c = buf[i++];
      if (++this.structureBytes > maxStructureBytes) return payloadTooLarge('The request body has too much besides its text values');
      if (c === QUOTE) this.inString = true;
      else if (OPENERS.has(c)) {
        if (++this.depth > maxDepth) return badRequest(`The request body is nested too deeply (at most ${maxDepth} levels)`);
        if (++this.values > maxValues) return badRequest(`The request body has too many values (at most ${maxValues})`);
      } else if (CLOSERS.has(c)) this.depth--;
      else if (c === COMMA && ++this.values > maxValues) return badRequest(`The request body has too many values (at most ${maxValues})`);
    }
    return null;
  }
}

/** Backslashes right before `end`, not looking before `from`. */
function backslashRun(buf: Buffer, from: number, end: number): number {
  let k = end - 1;
  while (k >= from && buf[k] === BACKSLASH) k--;
  return end - 1 - k;
}

/** The position of the quote that ends the string, from `from` on in this chunk; -1 if none. */
function closingQuote(buf: Buffer, from: number): number {
  let q = buf.indexOf(QUOTE, from);
  while (q !== -1 && backslashRun(buf, from, q) % 2 === 1) q = buf.indexOf(QUOTE, q + 1);
  return q;
}

const isJson = (contentType: string | undefined) => !!contentType && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trimStart());

/** Puts the check in front of every JSON body, ahead of Fastify's parser. */
export default fp(async (app) => {
  app.addHook('preParsing', (req: FastifyRequest, _reply: FastifyReply, payload, done) => {
    if (!isJson(req.headers['content-type'])) return done(null, payload);
    const check = new JsonShapeCheck();
    payload.on('error', (err) => check.destroy(err));
    // Bytes flow through the check only once the body is read (after the later preParsing hooks,
    // such as rate limits), so its refusal reaches the reader, never an empty room.
    check.once('resume', () => payload.pipe(check));
    done(null, check);
  });
});
