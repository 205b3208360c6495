import { TestEnvironment } from 'jest-environment-node';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

/**
 * Jest runs each test file in its own realm, with its own typed-array classes. ONNX Runtime makes
 * its output arrays in Node's realm and checks them with `instanceof` in the test's, which fails:
 * give the test realm Node's own typed arrays, as a process outside jest has.
 */
export default class NodeWithHostTypedArrays extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const g = this.global as unknown as Record<string, unknown>;
    const names = [
      'ArrayBuffer',
      'Float32Array',
      'Float64Array',
      'Int8Array',
      'Uint8Array',
      'Uint8ClampedArray',
      'Int16Array',
      'Uint16Array',
      'Int32Array',
      'Uint32Array',
      'BigInt64Array',
      'BigUint64Array',
    ];
    for (const name of names) g[name] = (globalThis as Record<string, unknown>)[name];
  }
}
