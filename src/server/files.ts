import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a new file whole or not at all: the bytes go to a temporary file beside it, which is
 * then renamed into place, so a reader never sees half a file. Creates the folder when needed;
 * fails when the temporary file exists (another writer of the same name).
 */
export async function writeNewFileAtomically(file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, bytes, { flag: 'wx' });
  await fs.rename(tmp, file);
}
