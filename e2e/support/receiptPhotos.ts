import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { receiptPng } from '../../__tests__/server/modules/scan/receiptImage';
import { apiUrl, type E2EUser } from './session';

/**
 * Receipts drawn from text (no photo leaves the machine), written to a temporary folder for the
 * file pickers, and uploaded as drafts of the review queue the way the scan screen sends them.
 */

export interface DrawnReceipt {
  file: string;
  bytes: Buffer;
}

/** A folder for this file's drawn receipts; `remove` deletes it. */
export function photoFolder(prefix: string): { draw: (name: string, lines: Array<[string, string?]>) => Promise<DrawnReceipt>; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-${prefix}-`));
  return {
    draw: async (name, lines) => {
      const bytes = await receiptPng(lines);
      const file = path.join(dir, `${name}.png`);
      fs.writeFileSync(file, bytes);
      return { file, bytes };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Uploads the photo as a draft of the review queue (POST /receipts/drafts, one photo a request as the screen sends it). */
export async function uploadDraft(user: E2EUser, photo: DrawnReceipt): Promise<void> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(photo.bytes)], { type: 'image/png' }), path.basename(photo.file));
  const res = await fetch(apiUrl('/receipts/drafts'), { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  if (res.status !== 202) throw new Error(`draft upload failed: ${res.status} ${await res.text()}`);
}

/** Waits until every draft in the queue's list has been read (the list updates live). */
export async function waitUntilAllRead(page: Page, count: number): Promise<void> {
  try {
    await page.waitForFunction(
      (n) => {
        const states = [...document.querySelectorAll('[data-testid="draft-state"]')];
        return states.length === n && states.every((e) => e.textContent === 'Ready to review');
      },
      count,
      { timeout: 120_000 },
    );
  } catch (err) {
    // Say what the page shows instead: a failed read names its reason, a broken screen its error.
    const shown = await page.evaluate(() => `${location.pathname}: ${document.body.innerText}`);
    throw new Error(`${count} drafts never all read: ${shown.slice(0, 1500)}`, { cause: err });
  }
}
