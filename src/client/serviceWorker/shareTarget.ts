import { addToOutbox, SHARED_UNCLAIMED } from '../entities/outbox/outboxStore';
import { SHARE_FILES_FIELD } from './messages';

/** What the scan screen uploads: photos, and PDFs (refused by the server with its reason until it reads them). */
const SHAREABLE = /^(image\/|application\/pdf$)/;

/** Where the person lands after sharing: the scan screen, whose outbox shows and sends what came. */
export const AFTER_SHARE_PATH = '/receipts/scan';

/**
 * Files shared to Tally from another app (the manifest's share_target posts them here): each goes
 * into the outbox, the same IndexedDB store as the photos taken offline, with a client id of its
 * own, so it reaches the review queue once however often the upload is tried. The person who
 * next opens Tally on this device takes them (SHARED_UNCLAIMED), then the scan screen opens.
 */
export async function receiveShare(request: Request): Promise<Response> {
  let files: File[] = [];
  try {
    const form = await request.formData();
    files = form.getAll(SHARE_FILES_FIELD).filter((f): f is File => f instanceof File && SHAREABLE.test(f.type));
  } catch {
    // Not a form (a stray POST): nothing to keep, the scan screen opens as it is.
  }
  const now = Date.now();
  await addToOutbox(
    files.map((file, i) => ({ id: crypto.randomUUID(), uid: SHARED_UNCLAIMED, name: file.name || 'Shared receipt', blob: file, addedAt: now + i })),
  );
  return Response.redirect(AFTER_SHARE_PATH, 303);
}
