import { TestEnvironment } from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

/**
 * jsdom lacks Node's fetch, TextEncoder, streams and friends, which react-router and the
 * firebase SDK need. Copy Node's own into the jsdom global.
 */
export default class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const g = this.global as unknown as Record<string, unknown>;
    const names = [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'Blob',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'WritableStream',
      'TransformStream',
      'structuredClone',
      'AbortController',
      'AbortSignal',
      'BroadcastChannel',
      'MessageChannel',
      'setImmediate',
      'clearImmediate',
    ];
    for (const name of names) {
      const value = (globalThis as Record<string, unknown>)[name];
      if (value !== undefined) g[name] = value;
    }
  }
}
