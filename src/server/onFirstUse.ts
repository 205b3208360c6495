import { createRequire } from 'node:module';

const requirePackage = createRequire(__filename);

/**
 * A package loaded when first used instead of when the server starts: what only a sign-in, a
 * picture or a cluster needs neither delays start-up nor holds memory in a server left idle
 * (bench/anchors.ts). The package's types still come from a type import.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
