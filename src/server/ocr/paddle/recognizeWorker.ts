/**
 * One recognition worker (a thread of the recognition pool, recognitionPool.ts): its own copy of
 * the recogniser, run on one core, reading a batch of segment crops and decoding them here, so
 * only the text goes back.
 */
import { workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import { loadCharset, sessionOptions } from './models';
import { decodeSteps, type RecognitionTask, type RecognizedText } from './recognize';

export interface RecognitionWorkerData {
  recognition: string;
  characters: string;
}

async function start(): Promise<(task: RecognitionTask) => Promise<RecognizedText[]>> {
  const files = workerData as RecognitionWorkerData;
  const session = await ort.InferenceSession.create(files.recognition, sessionOptions(1));
  const charset = loadCharset(files.characters);
  return async ({ grey, count, width, steps: used }) => {
    // The model reads three channels; the crop is sent once, as grey.
    const plane = grey.length / count;
    const input = new Float32Array(3 * grey.length);
    for (let n = 0; n < count; n++) {
      const src = grey.subarray(n * plane, (n + 1) * plane);
      for (let c = 0; c < 3; c++) input.set(src, (3 * n + c) * plane);
    }
    const out = (await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', input, [count, 3, plane / width, width]) }))[
      session.outputNames[0]
    ] as ort.Tensor;
    const [, steps, classes] = out.dims as number[];
    return used.map((u, n) => decodeSteps(out.data as Float32Array, n * steps * classes, Math.min(steps, u), classes, charset));
  };
}

// The model loads as the worker starts; a task waits for it, and fails with its error if it failed.
const reader = start();
reader.catch(() => undefined);

export default async function read(task: RecognitionTask): Promise<RecognizedText[]> {
  return (await reader)(task);
}
