import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

/**
 * Packages that ship only ES modules (kysely, typebox, cookie, …), at the top of node_modules or
 * nested in another package's. Jest's CommonJS runtime cannot require them on Node 20, so ts-jest
 * compiles them like our own code.
 */
function esmOnlyPackages(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        visit(path.join(dir, entry));
        continue;
      }
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, entry, 'package.json'), 'utf8'));
        const root = pkg.exports?.['.'] ?? pkg.exports;
        const hasRequire = typeof root === 'object' && root !== null && JSON.stringify(root).includes('"require"');
        if (pkg.type === 'module' && !hasRequire) found.add(pkg.name);
      } catch {
        /* not a package */
      }
      visit(path.join(dir, entry, 'node_modules')); // a package's own copy of another (another version)
    }
  };
  visit(path.join(__dirname, 'node_modules'));
  return [...found].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

// ts-jest compiles to CommonJS; kysely and typebox ship only ES modules, so they are compiled too.
const transform: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    'ts-jest',
    {
      tsconfig: {
        module: 'commonjs',
        moduleResolution: 'node10',
        ignoreDeprecations: '6.0',
        allowJs: true,
        jsx: 'react-jsx',
        isolatedModules: true,
        esModuleInterop: true,
      },
    },
  ],
};
const common = {
  transform,
  // The package a file belongs to is the one after its last node_modules/.
  transformIgnorePatterns: [`/node_modules/(?!.*/node_modules/)(?!(${esmOnlyPackages().join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

const config: Config = {
  // Also the limit of a beforeAll that builds a test app (PGlite and its migrations): with the
  // PGlite and PostgreSQL passes side by side (npm test) that takes longer on a busy machine.
  testTimeout: 60_000,
  globalSetup: '<rootDir>/__tests__/setup/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/setup/globalTeardown.ts',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: '<rootDir>/__tests__/setup/nodeEnv.ts',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: '<rootDir>/__tests__/setup/jsdomEnv.ts',
      testMatch: ['<rootDir>/__tests__/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/clientSetup.ts'],
    } as Config['projects'] extends (infer P)[] | undefined ? P : never,
  ],
};
export default config;
