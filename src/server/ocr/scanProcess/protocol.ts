/** Messages between the API and its scan process. */
import type { DateOrder } from '../parser';
import type { ScanResult } from '../types';

export interface ScanRequest {
  id: number;
  image: Uint8Array;
  dateOrder: DateOrder;
  /** ScanOptions.today as an ISO moment (the process has its own clock). */
  today?: string;
}

/** Which error class the API raises again: the picture's fault, or the engine's. */
export type ScanFailureKind = 'input' | 'failed';

export type ScanReply = { id: number; ok: true; result: ScanResult } | { id: number; ok: false; kind: ScanFailureKind; message: string };

/** The first message of a started process: the models are loaded, or why they are not. */
export type ReadyMessage = { ready: true } | { ready: false; message: string };
