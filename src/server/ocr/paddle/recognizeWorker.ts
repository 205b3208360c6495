/**
 * One recognition worker (a thread of the recognition pool, recognitionPool.ts): its own copy of
 * each recogniser, run on one core, reading a batch of segment crops and decoding them here, so
 * only the text goes back.
 */
import { workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import { charsetOf, modelBytes, sessionOptions, type RecognizerFiles } from './models';
import { decodeSteps, type RecognitionTask, type RecognizedText } from './recognize';

export interface RecognitionWorkerData {
  first: RecognizerFiles;
  second: RecognizerFiles;
}

type Reader = (task: RecognitionTask) => Promise<RecognizedText[]>;

function readerOf(session: ort.InferenceSession, files: RecognizerFiles): Reader {
  const charset = charsetOf(files.characters);
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

// Each worker rewrites its own copy (the workers start side by side): bytes handed over from the
// pool would stay in memory for its whole life, the pool's copy and each worker's.
async function load(files: RecognizerFiles): Promise<Reader> {
  return readerOf(await ort.InferenceSession.create(modelBytes(files.recognition), sessionOptions(1)), files);
}

// The models load as the worker starts; a task waits for them, and fails with the error of one
// that failed. Both loads are waited for even when one fails: ending a worker while ONNX Runtime
// is still creating a session in it aborts the whole process (see recognitionPool.ts).
const files = workerData as RecognitionWorkerData;
const readers = Promise.allSettled([load(files.first), load(files.second)]).then((loaded) =>
  loaded.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  }),
);
readers.catch(() => undefined);

export default async function read(task: RecognitionTask): Promise<RecognizedText[]> {
  const [first, second] = await readers;
  return (task.reader === 'second' ? second : first)(task);
}
