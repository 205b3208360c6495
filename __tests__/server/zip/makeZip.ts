import { ZipFile } from 'yazl';

/** A zip of the entries, in memory, made with yazl (deflated unless `compress` is false). */
export async function makeZip(entries: Array<{ name: string; data: Buffer | string; compress?: boolean }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.name, { compress: e.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The zip with one name's bytes replaced by another's of the same length, in the local header and
 * the directory alike: how a name yazl would refuse to write ('../x') gets into a test's zip.
 */
export function renamedInPlace(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('renamedInPlace: the names must be as long');
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  while (at !== -1) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
}
