/**
 * Tally's layers, checked by dependency-cruiser in `npm run lint` (ARCHITECTURE §2):
 *
 *   shared ← client (app → layout → features → auth/toasts/entities → api → ui)
 *   shared ← server (app → plugins → modules/<name>/{routes → service → repository})
 *
 * Known violations (server modules still reaching another module's repository) are listed in
 * .dependency-cruiser-known.cjs; a new one fails lint, and one that is fixed must be taken off the list.
 */
const KNOWN = require('./.dependency-cruiser-known.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the modules cannot be read, tested or loaded one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/shared is the contract both sides use: it depends on no client, server, test or script code.',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(client|server)|__tests__|e2e|bench|scripts)/' },
    },
    {
      name: 'client-and-server-apart',
      severity: 'error',
      comment: 'The client and the server never import each other: they meet only in src/shared.',
      from: { path: '^src/(client|server)/' },
      to: { path: '^src/(client|server)/', pathNot: '^src/$1/' },
    },
    {
      name: 'feature-does-not-import-feature',
      severity: 'error',
      comment: 'A client feature never imports another feature: what two features share moves down a layer.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'ui-is-the-bottom-layer',
      severity: 'error',
      comment: 'client/ui holds small shared pieces: it imports no app, api, auth, toasts, entities, layout or feature code.',
      from: { path: '^src/client/ui/' },
      to: { path: '^src/client/(app|api|auth|toasts|entities|layout|features)/' },
    },
    {
      name: 'entities-below-features',
      severity: 'error',
      comment: 'client/entities holds what several features share about one kind of thing (receipts, categories): it imports no app, layout or feature code.',
      from: { path: '^src/client/(entities|toasts)/' },
      to: { path: '^src/client/(app|layout|features)/' },
    },
    {
      name: 'auth-imports-no-feature',
      severity: 'error',
      comment: 'Session and sign-in sit below the features: what they need from the API lives in the shared layer.',
      from: { path: '^src/client/auth/' },
      to: { path: '^src/client/features/' },
    },
    {
      name: 'module-through-its-service',
      severity: 'error',
      comment: "A server module reaches another module only through that module's service (naming another module's type is not reaching it).",
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/service\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|artifacts|coverage)/' },
    // Type-only imports count: a circle of types is still a circle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
    knownViolations: KNOWN,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
