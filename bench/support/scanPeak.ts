/**
 * Scans through a running compiled server and the memory it takes meanwhile: the dev receipts to
 * send, one scan request, and a sampler of the API's and its scan process's resident memory.
 * Images come from ../shared/datasets (or TALLY_DATASETS) and are read here only, never shipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { descendantsOf, rssMbOf } from './procStats';

const DATASETS = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../../shared/datasets');

/** The first `count` dev receipts, half from each dev set there is. */
export function devReceiptImages(count: number): Buffer[] {
  const dirs = ['sroie-dev', 'us-receipts-dev'].map((d) => path.join(DATASETS, d)).filter((d) => fs.existsSync(d));
  if (!dirs.length) throw new Error(`No receipt images under ${DATASETS}: set TALLY_DATASETS`);
  const files = dirs.flatMap((d) =>
    fs
      .readdirSync(d)
      .filter((f) => /\.jpe?g$/i.test(f))
      .sort()
      .slice(0, Math.ceil(count / dirs.length))
      .map((f) => path.join(d, f)),
  );
  return files.slice(0, count).map((f) => fs.readFileSync(f));
}

/** One scan through the API; answers its time in seconds, and throws on anything but a 2xx. */
export async function scanThrough(url: string, token: string, image: Buffer): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/scan/receipt-base64`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ image_data: image.toString('base64') }),
  });
  if (!res.ok) throw new Error(`a scan answered ${res.status}: ${await res.text()}`);
  return (performance.now() - t0) / 1000;
}

export interface MemoryPeaks {
  /** The API process alone. */
  api: number;
  /** Every process below it (the scan process), summed. */
  child: number;
  /** Both at the same moment. */
  sum: number;
}

/** Samples the RSS of `pid` and the processes below it every 100 ms until `stop`, which answers the peaks in MB. */
export function samplePeaks(pid: number): { stop: () => Promise<MemoryPeaks> } {
  const peaks: MemoryPeaks = { api: 0, child: 0, sum: 0 };
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const api = rssMbOf(pid);
      const kids = descendantsOf(pid).reduce((n, c) => n + rssMbOf(c), 0);
      peaks.api = Math.max(peaks.api, api);
      peaks.child = Math.max(peaks.child, kids);
      peaks.sum = Math.max(peaks.sum, api + kids);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await loop;
      return peaks;
    },
  };
}
