/**
 * The server's one way to open a picture with sharp, for scanning and for storing alike, so a
 * photo the scanner reads is never refused when it is saved (or the other way round).
 */
import type Sharp from 'sharp';
import { onFirstUse } from '../onFirstUse';

const sharp = onFirstUse<typeof Sharp>('sharp');

/** Larger pictures are refused before decoding: a small PNG can unpack to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS = 'The image has too many pixels. Please choose a smaller picture.';

/**
 * A picture, opened with the decoded-size limit. failOn 'error': a damaged or cut-off file fails
 * instead of half-decoding; sharp's default ('warning') would also refuse harmless warnings.
 */
export function openImage(bytes: Buffer): ReturnType<typeof Sharp> {
  return sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

/** Why a picture could not be opened, in words: too many pixels, or `unreadable` for anything else. */
export function decodeFailure(err: unknown, unreadable: string): string {
  return /pixel limit/i.test(String((err as Error)?.message)) ? TOO_MANY_PIXELS : unreadable;
}
