import os from 'node:os';

/**
 * Reading a receipt takes every core for a second or more; the API's requests take a few
 * milliseconds. The scan process asks to be served after them (a higher niceness), before its
 * inference and image threads exist, so they inherit it: a batch of photos being read then
 * leaves the API quick. OCR_NICENESS (0–19) changes how much; where it cannot be set, nothing changes.
 */
const niceness = Math.min(19, Math.max(0, Number(process.env.OCR_NICENESS ?? 10) || 0));
try {
  os.setPriority(niceness);
} catch {
  /* not permitted here: the scan runs at the API's priority */
}
