/**
 * PP-OCR's models, as exported from Paddle, spell out in many small nodes what ONNX Runtime runs
 * faster in fewer: every weight is a Constant node, the learned scale and shift after a
 * convolution are two more passes over its output, and each hard-swish is four. Before a session
 * is created the graph is rewritten to the same arithmetic in fewer nodes: the scale and shift
 * folded into the convolution before them (or the unpadded one after them), and each hard-swish
 * written as HardSigmoid(x) · x. The outputs agree with the original model's to float rounding.
 * The ONNX schema (onnxSchema.json) is onnx.proto (Apache-2.0) as protobufjs reads it.
 */
import protobuf from 'protobufjs';
import schema from './onnxSchema.json';

const ModelProto = protobuf.Root.fromJSON(schema).lookupType('onnx.ModelProto');
const FLOAT = 1;

interface Tensor {
  name?: string;
  dims?: number[];
  data_type?: number;
  float_data?: number[];
  raw_data?: Uint8Array;
}
interface Attribute {
  name: string;
  f?: number;
  i?: number;
  ints?: number[];
  s?: Uint8Array;
  t?: Tensor;
  type?: number;
}
interface Node {
  input: string[];
  output: string[];
  op_type: string;
  name?: string;
  domain?: string;
  attribute?: Attribute[];
}
interface Graph {
  node: Node[];
  initializer: Tensor[];
  output?: { name: string }[];
}

export interface FusedModel {
  bytes: Uint8Array;
  /** Scale-and-shift pairs folded into the convolution before them, and into the one after them. */
  foldedBack: number;
  foldedForward: number;
  /** Hard-swishes written as HardSigmoid(x) · x. */
  hardSwishes: number;
}

/** The model in `bytes` with its graph rewritten (see above), as bytes ONNX Runtime takes. */
export function fuseModel(bytes: Uint8Array): FusedModel {
  const model = ModelProto.toObject(ModelProto.decode(bytes), { longs: Number, arrays: true }) as { graph: Graph };
  const g = model.graph;
  constantsToInitializers(g);
  const foldedBack = foldIntoConvBefore(g);
  const foldedForward = foldIntoConvAfter(g);
  const hardSwishes = fuseHardSwish(g);
  const used = new Set(g.node.flatMap((n) => n.input));
  g.initializer = g.initializer.filter((t) => used.has(t.name ?? ''));
  return { bytes: ModelProto.encode(ModelProto.fromObject(model)).finish(), foldedBack, foldedForward, hardSwishes };
}

function constantsToInitializers(g: Graph): void {
  g.node = g.node.filter((n) => {
    const value = n.op_type === 'Constant' && n.attribute?.length === 1 && n.attribute[0].name === 'value' ? n.attribute[0].t : undefined;
    if (!value) return true;
    // Floats as raw bytes: written back far faster than a list of numbers.
    const floats = value.data_type === FLOAT && !value.raw_data?.length ? Float32Array.from(value.float_data ?? []) : undefined;
    g.initializer.push(floats ? { name: n.output[0], dims: value.dims, data_type: FLOAT, raw_data: bytesOf(floats) } : { ...value, name: n.output[0] });
    return false;
  });
}

const bytesOf = (data: Float32Array) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** How the graph's values are made and used, as it stands. */
function wiring(g: Graph) {
  const consumers = new Map<string, Node[]>();
  for (const n of g.node) for (const i of n.input) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  const initializers = new Map(g.initializer.map((t) => [t.name ?? '', t]));
  const outputs = new Set((g.output ?? []).map((o) => o.name));
  /** The one node that uses `value`, if only one does and it is not a graph output. */
  const onlyUser = (value: string): Node | undefined => {
    const users = consumers.get(value) ?? [];
    return users.length === 1 && !outputs.has(value) ? users[0] : undefined;
  };
  const floats = (name: string): Float32Array | undefined => {
    const t = initializers.get(name);
    if (!t || t.data_type !== FLOAT) return undefined;
    // A copy: the bytes may sit at any offset of a shared buffer, unaligned for floats.
    if (t.raw_data?.length) return new Float32Array(Uint8Array.from(t.raw_data).buffer);
    return Float32Array.from(t.float_data ?? []);
  };
  /** A binary node's constant scalar operand, and its other input. */
  const scalarOf = (n: Node): { value: number; other: string } | undefined => {
    for (const k of [0, 1]) {
      const dims = initializers.get(n.input[k])?.dims ?? [-1];
      const c = dims.reduce((a, d) => a * Number(d), 1) === 1 ? floats(n.input[k]) : undefined;
      if (c?.length === 1) return { value: c[0], other: n.input[1 - k] };
    }
    return undefined;
  };
  /** `x · s + b` following `value`: a Mul by a scalar, and an Add of one if it comes next. */
  const affineAfter = (value: string) => {
    const mul = onlyUser(value);
    const s = mul?.op_type === 'Mul' ? scalarOf(mul) : undefined;
    if (!mul || !s || s.other !== value) return undefined;
    const add = onlyUser(mul.output[0]);
    const b = add?.op_type === 'Add' ? scalarOf(add) : undefined;
    return b && add
      ? { nodes: [mul, add], scale: s.value, shift: b.value, out: add.output[0] }
      : { nodes: [mul], scale: s.value, shift: 0, out: mul.output[0] };
  };
  const addTensor = (name: string, dims: number[], data: Float32Array) => {
    g.initializer.push({ name, dims, data_type: FLOAT, raw_data: bytesOf(data) });
    return name;
  };
  return { onlyUser, floats, scalarOf, affineAfter, addTensor, initializers };
}

const attr = (n: Node, name: string) => n.attribute?.find((a) => a.name === name);

/** The convolution's weights and bias (zeros when it has none), if both are constant floats. */
function convParams(w: ReturnType<typeof wiring>, conv: Node) {
  const weight = w.floats(conv.input[1]);
  const dims = w.initializers.get(conv.input[1])?.dims?.map(Number);
  if (!weight || !dims) return undefined;
  const bias = conv.input[2] ? w.floats(conv.input[2]) : new Float32Array(dims[0]);
  return bias ? { weight, bias, dims, perOutput: weight.length / dims[0] } : undefined;
}

/** Conv → ·s (+b): the convolution's weights times s, its bias times s plus b. */
function foldIntoConvBefore(g: Graph): number {
  const w = wiring(g);
  const gone = new Set<Node>();
  let folded = 0;
  for (const conv of g.node) {
    if (conv.op_type !== 'Conv') continue;
    const affine = w.affineAfter(conv.output[0]);
    const p = affine && convParams(w, conv);
    if (!affine || !p) continue;
    const name = conv.output[0];
    const weight = p.weight.map((v) => v * affine.scale);
    const bias = p.bias.map((v) => v * affine.scale + affine.shift);
    conv.input = [conv.input[0], w.addTensor(`${name}_folded_w`, p.dims, weight), w.addTensor(`${name}_folded_b`, [p.dims[0]], bias)];
    conv.output = [affine.out];
    affine.nodes.forEach((n) => gone.add(n));
    folded++;
  }
  g.node = g.node.filter((n) => !gone.has(n));
  return folded;
}

/**
 * ·s (+b) → Conv with no padding and no groups: every input the convolution reads is scaled and
 * shifted alike, so its weights take the scale and its bias the shift times each filter's sum.
 * (Padding would add zeros the shift never reached, so padded convolutions are left alone.)
 */
function foldIntoConvAfter(g: Graph): number {
  const w = wiring(g);
  const gone = new Set<Node>();
  let folded = 0;
  for (const mul of g.node) {
    if (mul.op_type !== 'Mul' || gone.has(mul)) continue;
    const s = w.scalarOf(mul);
    const affine = s && w.affineAfter(s.other);
    if (!s || !affine || affine.nodes[0] !== mul) continue;
    const conv = w.onlyUser(affine.out);
    if (conv?.op_type !== 'Conv' || conv.input[0] !== affine.out || !unpaddedDense(conv)) continue;
    const p = convParams(w, conv);
    if (!p) continue;
    const name = conv.output[0];
    const weight = p.weight.map((v) => v * affine.scale);
    const bias = p.bias.map((v, o) => v + affine.shift * p.weight.subarray(o * p.perOutput, (o + 1) * p.perOutput).reduce((a, x) => a + x, 0));
    conv.input = [s.other, w.addTensor(`${name}_in_w`, p.dims, weight), w.addTensor(`${name}_in_b`, [p.dims[0]], bias)];
    affine.nodes.forEach((n) => gone.add(n));
    folded++;
  }
  g.node = g.node.filter((n) => !gone.has(n));
  return folded;
}

/** A convolution that adds no padding and mixes every input channel (no groups). */
function unpaddedDense(conv: Node): boolean {
  const autoPad = attr(conv, 'auto_pad')?.s;
  return (
    (attr(conv, 'pads')?.ints ?? []).every((v) => Number(v) === 0) &&
    (!autoPad || /^(NOTSET|VALID)$/.test(Buffer.from(autoPad).toString())) &&
    Number(attr(conv, 'group')?.i ?? 1) === 1
  );
}

/** x + 3 → Clip(0, 6) → · x → / 6 becomes HardSigmoid(x; 1/6, 1/2) · x. */
function fuseHardSwish(g: Graph): number {
  const w = wiring(g);
  const replaced = new Map<Node, Node[]>();
  const gone = new Set<Node>();
  for (const add of g.node) {
    const three = add.op_type === 'Add' ? w.scalarOf(add) : undefined;
    if (!three || three.value !== 3) continue;
    const x = three.other;
    const clip = w.onlyUser(add.output[0]);
    if (clip?.op_type !== 'Clip' || !clipsToSix(w, clip)) continue;
    const mul = w.onlyUser(clip.output[0]);
    if (mul?.op_type !== 'Mul' || !mul.input.includes(x)) continue;
    const div = w.onlyUser(mul.output[0]);
    if (div?.op_type !== 'Div' || div.input[0] !== mul.output[0] || w.scalarOf(div)?.value !== 6) continue;
    const gate = `${add.output[0]}_hard_sigmoid`;
    replaced.set(add, [
      {
        op_type: 'HardSigmoid',
        input: [x],
        output: [gate],
        attribute: [
          { name: 'alpha', f: 1 / 6, type: 1 },
          { name: 'beta', f: 0.5, type: 1 },
        ],
      },
      { op_type: 'Mul', input: [x, gate], output: [div.output[0]] },
    ]);
    [clip, mul, div].forEach((n) => gone.add(n));
  }
  g.node = g.node.flatMap((n) => replaced.get(n) ?? (gone.has(n) ? [] : [n]));
  return replaced.size;
}

/** Clip to [0, 6], by attributes (opset < 11) or constant inputs. */
function clipsToSix(w: ReturnType<typeof wiring>, clip: Node): boolean {
  // An attribute's value left out is its default, zero.
  const bound = (name: string, input: number) => {
    const a = attr(clip, name);
    return a ? (a.f ?? 0) : clip.input[input] ? w.floats(clip.input[input])?.[0] : undefined;
  };
  const lo = bound('min', 1);
  const hi = bound('max', 2);
  return lo === 0 && hi === 6;
}
