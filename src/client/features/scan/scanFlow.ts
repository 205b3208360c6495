import type { ScanReceiptResult } from '../../../shared/scan';
import { isKeptImageData } from './imageUpload';

/** The chosen picture: what is previewed, scanned and saved. */
export interface ChosenImage {
  /** Tells one choice from the next, so a late answer for an old image is ignored. */
  id: number;
  name: string;
  dataUrl: string;
}

/**
 * Spec §4 scan flow: no image → image chosen (preview) → scanning → results shown → saving →
 * /receipts. A failed scan returns to "chosen" with its message, keeping the image; "review"
 * without a result is the form typed in by hand.
 */
export type ScanFlow =
  | { step: 'empty'; error: string | null }
  | { step: 'preparing' }
  | { step: 'chosen'; image: ChosenImage; error: string | null; unreadable?: boolean }
  | { step: 'scanning'; image: ChosenImage }
  /** keepImage is false when the picture is none the server can keep (keepsImage): it is not saved. */
  | { step: 'review'; image: ChosenImage; result: ScanReceiptResult | null; keepImage: boolean };

export type ScanFlowAction =
  | { type: 'preparing' }
  | { type: 'imageChosen'; image: ChosenImage }
  | { type: 'imageRejected'; message: string }
  | { type: 'scanStarted' }
  | { type: 'scanSucceeded'; imageId: number; result: ScanReceiptResult }
  | { type: 'scanFailed'; imageId: number; message: string; unreadable?: boolean }
  | { type: 'manualEntryStarted' }
  | { type: 'cleared' };

export const initialScanFlow: ScanFlow = { step: 'empty', error: null };

export function scanFlowReducer(state: ScanFlow, action: ScanFlowAction): ScanFlow {
  switch (action.type) {
    case 'preparing':
      return { step: 'preparing' };
    case 'imageChosen':
      return { step: 'chosen', image: action.image, error: null };
    case 'imageRejected':
      return { step: 'empty', error: action.message };
    case 'scanStarted':
      return state.step === 'chosen' ? { step: 'scanning', image: state.image } : state;
    case 'scanSucceeded':
      return state.step === 'scanning' && state.image.id === action.imageId
        ? { step: 'review', image: state.image, result: action.result, keepImage: keepsImage(state) }
        : state;
    case 'scanFailed':
      return state.step === 'scanning' && state.image.id === action.imageId
        ? { step: 'chosen', image: state.image, error: action.message, unreadable: action.unreadable ?? false }
        : state;
    case 'manualEntryStarted':
      return state.step === 'chosen' ? { step: 'review', image: state.image, result: null, keepImage: keepsImage(state) } : state;
    case 'cleared':
      return initialScanFlow;
  }
}

/** The chosen image in any step that has one. */
export function imageOf(state: ScanFlow): ChosenImage | null {
  return 'image' in state ? state.image : null;
}

/**
 * Whether the chosen picture would be saved with the receipt: only one the server can keep (a
 * JPEG, PNG or WebP by its bytes) that it did not refuse to read (a 400 from the scan).
 */
export function keepsImage(state: { image: ChosenImage; unreadable?: boolean }): boolean {
  return !state.unreadable && isKeptImageData(state.image.dataUrl);
}
