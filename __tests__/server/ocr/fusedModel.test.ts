import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import protobuf from 'protobufjs';
import schema from '../../../src/server/ocr/paddle/onnxSchema.json';
import { fuseModel } from '../../../src/server/ocr/paddle/fusedModel';
import { modelBytes, modelFiles } from '../../../src/server/ocr/paddle/models';

const ModelProto = protobuf.Root.fromJSON(schema).lookupType('onnx.ModelProto');
const options = { intraOpNumThreads: 1, interOpNumThreads: 1 };

/** The first output of `model` for a fixed, varied input of `shape`. */
async function outputOf(model: Uint8Array, shape: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, options);
  const data = new Float32Array(shape.reduce((a, b) => a * b, 1)).map((_, i) => ((i * 7919) % 1000) / 500 - 1);
  const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', data, shape) });
  await session.release();
  return out[session.outputNames[0]].data as Float32Array;
}

const largestDifference = (a: Float32Array, b: Float32Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
const nodeCount = (bytes: Uint8Array) => (ModelProto.toObject(ModelProto.decode(bytes), { arrays: true }) as { graph: { node: unknown[] } }).graph.node.length;

describe('the OCR models rewritten to fewer nodes', () => {
  const files = modelFiles();
  test.each([
    ['detection', files.detection, [1, 3, 160, 128]],
    ['first recogniser', files.first.recognition, [2, 3, 48, 96]],
    ['second recogniser', files.second.recognition, [2, 3, 48, 96]],
  ])('the %s computes what the packaged model does, in fewer nodes', async (_name, file, shape) => {
    const original = fs.readFileSync(file);
    const fused = fuseModel(original);
    expect(fused.hardSwishes).toBeGreaterThan(0);
    // Constants become initializers and each fold or hard-swish takes nodes out.
    expect(nodeCount(fused.bytes)).toBeLessThan(nodeCount(original) / 2);
    const [before, after] = await Promise.all([outputOf(original, shape), outputOf(fused.bytes, shape)]);
    expect(after).toHaveLength(before.length);
    expect(largestDifference(before, after)).toBeLessThan(1e-4);
  });

  test('the learned scale and shift fold into the convolutions of both PP-OCRv4 models', () => {
    for (const file of [files.detection, files.first.recognition]) {
      const fused = fuseModel(fs.readFileSync(file));
      expect(fused.foldedBack).toBeGreaterThan(0);
      expect(fused.foldedForward).toBeGreaterThan(0);
    }
  });

  test('a file that is not a model is handed to ONNX Runtime as it is, for it to refuse', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tally-model-')), 'broken.onnx');
    fs.writeFileSync(file, Buffer.from([0xff, 0xff, 0xff, 0x01, 0x02]));
    expect(Buffer.from(modelBytes(file))).toEqual(Buffer.from([0xff, 0xff, 0xff, 0x01, 0x02]));
  });
});

/** A small graph of every pattern the rewrite knows, and the one it must leave alone. */
function patternsModel(): Uint8Array {
  const channels = 3;
  const floats = (name: string, dims: number[], values: number[]) => ({ name, dims, data_type: 1, float_data: values });
  const weights = (name: string, k: number, seed: number) =>
    floats(
      `${name}_w`,
      [channels, channels, k, k],
      Array.from({ length: channels * channels * k * k }, (_, i) => Math.sin(seed + i)),
    );
  const bias = (name: string, seed: number) => floats(`${name}_b`, [channels], [seed, -seed, seed / 2]);
  const constant = (name: string, value: number) => ({
    op_type: 'Constant',
    input: [],
    output: [name],
    attribute: [{ name: 'value', type: 4, t: floats(name, [], [value]) }],
  });
  const conv = (name: string, input: string, k: number, pads: number) => ({
    op_type: 'Conv',
    input: [input, `${name}_w`, `${name}_b`],
    output: [name],
    attribute: [{ name: 'pads', type: 7, ints: [pads, pads, pads, pads] }],
  });
  const op = (op_type: string, input: string[], output: string) => ({ op_type, input, output: [output] });
  const node = [
    constant('s1', 1.5),
    constant('b1', -0.25),
    constant('three', 3),
    constant('six', 6),
    constant('zero', 0),
    constant('s2', 0.75),
    constant('b2', 0.5),
    constant('s3', -2),
    constant('b3', 1),
    // Conv → ·s → +b: folds back into the convolution.
    conv('c1', 'x', 3, 1),
    op('Mul', ['c1', 's1'], 'm1'),
    op('Add', ['m1', 'b1'], 'a1'),
    // hard-swish written out
    op('Add', ['a1', 'three'], 'h1'),
    op('Clip', ['h1', 'zero', 'six'], 'h2'),
    op('Mul', ['a1', 'h2'], 'h3'),
    op('Div', ['h3', 'six'], 'h4'),
    // ·s → +b → unpadded convolution: folds forward.
    op('Mul', ['h4', 's2'], 'm2'),
    op('Add', ['m2', 'b2'], 'a2'),
    conv('c2', 'a2', 1, 0),
    // ·s → +b → padded convolution: the shift never reached the padding, so it stays.
    op('Mul', ['c2', 's3'], 'm3'),
    op('Relu', ['m3'], 'r3'),
    op('Mul', ['r3', 's3'], 'm4'),
    op('Add', ['m4', 'b3'], 'a4'),
    conv('c3', 'a4', 3, 1),
  ];
  const io = (name: string) => ({ name, type: { tensor_type: { elem_type: 1, shape: { dim: [1, channels, 8, 8].map((d) => ({ dim_value: d })) } } } });
  const model = {
    ir_version: 8,
    opset_import: [{ domain: '', version: 13 }],
    graph: {
      name: 'patterns',
      node,
      initializer: [weights('c1', 3, 1), bias('c1', 0.1), weights('c2', 1, 2), bias('c2', 0.2), weights('c3', 3, 3), bias('c3', 0.3)],
      input: [io('x')],
      output: [io('c3')],
    },
  };
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

describe('the rewrite on a graph of every pattern', () => {
  test('each pattern is rewritten where the arithmetic allows, and the outputs agree', async () => {
    const original = patternsModel();
    const fused = fuseModel(original);
    // c1 takes the scale and shift after it; c3's padded input keeps its own; only c2 takes one from before it.
    expect(fused).toMatchObject({ foldedBack: 2, foldedForward: 1, hardSwishes: 1 });
    const [before, after] = await Promise.all([outputOf(original, [1, 3, 8, 8]), outputOf(fused.bytes, [1, 3, 8, 8])]);
    expect(largestDifference(before, after)).toBeLessThan(1e-4);
    expect(Math.max(...before.map(Math.abs))).toBeGreaterThan(0.1);
  });
});
