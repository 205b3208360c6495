import { PDF_TYPE } from '../../../shared/constants/scan';

/**
 * Getting a chosen photo ready to send: phone photos are often 3-12 MB, which is slow to upload
 * and may pass the API's 8 MB limit. Large ones are scaled down in the browser; small ones go
 * up untouched so no detail is lost.
 */

/** Longest side after scaling down: plenty for OCR of a receipt that fills the photo. */
export const UPLOAD_MAX_SIDE = 2400;
export const UPLOAD_JPEG_QUALITY = 0.9;
/** Files up to this size are sent as they are. */
export const SMALL_IMAGE_BYTES = 2 * 1024 * 1024;
/** What the API reads; anything else (HEIC, GIF, …) is converted. */
const SENDABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const NOT_AN_IMAGE = 'Please choose a photo, a scan or a PDF of the receipt.';

/** The picker's accept is only a hint: a file can still be dropped or forced in. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/') || isPdfFile(file);
}

/** A PDF goes up as it is: the server reads its text (or draws its pages) and keeps it as the original. */
function isPdfFile(file: Pick<File, 'type'>): boolean {
  return file.type === PDF_TYPE;
}

/** The first bytes of each kind of picture the server keeps with a receipt: it goes by the bytes, never by the name or declared type. */
const KEPT_SIGNATURES: ReadonlyArray<ReadonlyArray<number | null>> = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50], // 'RIFF', its size, 'WEBP'
  [0x25, 0x50, 0x44, 0x46, 0x2d], // '%PDF-'
];

/**
 * Whether a prepared upload (prepareUpload) is a file the server can keep with the receipt: a
 * JPEG, PNG, WebP or PDF by its first bytes. A file that only says it is one ('receipt.jpg' holding
 * text), or a kind the browser could not convert (HEIC on most desktops), is not.
 */
export function isKeptImageData(dataUrl: string): boolean {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1, dataUrl.indexOf(',') + 17);
  let head: string;
  try {
    head = atob(base64);
  } catch {
    return false;
  }
  return KEPT_SIGNATURES.some((signature) => signature.every((byte, i) => byte === null || head.charCodeAt(i) === byte));
}

/** Width and height that fit within `max` on the longest side, keeping the aspect ratio. */
export function scaledSize(width: number, height: number, max = UPLOAD_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a file can be sent without re-encoding it. */
export function canSendAsIs(file: Pick<File, 'type' | 'size'>): boolean {
  return isPdfFile(file) || (file.size <= SMALL_IMAGE_BYTES && SENDABLE_TYPES.includes(file.type));
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A JPEG data URL of the image at most UPLOAD_MAX_SIDE on its longest side, upright. */
async function downscaled(file: Blob): Promise<string> {
  // createImageBitmap applies the EXIF orientation, so the pixels come out upright.
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas');
    // JPEG has no transparency: paint white first so a transparent PNG does not turn black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', UPLOAD_JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}

/**
 * The data URL to preview, scan and save. When the browser cannot decode the file, the original
 * goes up anyway: the server then says exactly what is wrong with it.
 */
export async function prepareUpload(file: File): Promise<string> {
  if (canSendAsIs(file)) return readAsDataUrl(file);
  try {
    return await downscaled(file);
  } catch {
    return readAsDataUrl(file);
  }
}

/** The bytes of a base64 data URL (fetch() of a data: URL would need the page's CSP to allow it). */
export function blobOfDataUrl(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The photo to upload as a draft: the file as it is when small, else scaled down like a single scan. */
export async function preparePhoto(file: File): Promise<Blob> {
  return canSendAsIs(file) ? file : blobOfDataUrl(await prepareUpload(file));
}
