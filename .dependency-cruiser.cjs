/**
 * Tally's layers, checked by dependency-cruiser in `npm run lint` (docs/architecture.md):
 *
 *   shared ← client (app → layout → features → auth/toasts/entities → api → ui)
 *   shared ← server (app → plugins → modules/<name>/{routes → service → repository})
 */

/** A rule that fails lint: imports from `from` may not reach `to`. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'An import circle: the modules cannot be read, tested or loaded one without the other.', {}, { circular: true }),
    forbid(
      'shared-imports-nothing-of-ours',
      'src/shared is the contract both sides use: it depends on no client, server, test or script code.',
      { path: '^src/shared/' },
      { path: '^(src/(client|server)|__tests__|e2e|bench|scripts)/' },
    ),
    forbid(
      'client-and-server-apart',
      'The client and the server never import each other: they meet only in src/shared.',
      { path: '^src/(client|server)/' },
      { path: '^src/(client|server)/', pathNot: '^src/$1/' },
    ),
    forbid(
      'feature-does-not-import-feature',
      'A client feature never imports another feature: what two features share moves down a layer.',
      { path: '^src/client/features/([^/]+)/' },
      { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    ),
    forbid(
      'ui-is-the-bottom-layer',
      'client/ui holds small shared pieces: it imports no app, api, auth, toasts, entities, layout or feature code.',
      { path: '^src/client/ui/' },
      { path: '^src/client/(app|api|auth|toasts|entities|layout|features)/' },
    ),
    forbid(
      'entities-below-features',
      'client/entities holds what several features share about one kind of thing (receipts, categories): it imports no app, layout or feature code.',
      { path: '^src/client/(entities|toasts)/' },
      { path: '^src/client/(app|layout|features)/' },
    ),
    forbid(
      'auth-imports-no-feature',
      'Session and sign-in sit below the features: what they need from the API lives in the shared layer.',
      { path: '^src/client/auth/' },
      { path: '^src/client/features/' },
    ),
    forbid(
      'module-through-its-service',
      "A server module reaches another module only through that module's service (naming another module's type is not reaching it).",
      { path: '^src/server/modules/([^/]+)/' },
      { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/service\\.ts$'], dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'db-imports-no-module',
      "src/server/db sits below the modules: a migration that ran today's module code would do otherwise on a new install whenever that code changed (it keeps a frozen copy in migrations/frozen, or plain SQL).",
      { path: '^src/server/db/' },
      { path: '^src/server/modules/' },
    ),
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
    reporterOptions: { text: { highlightFocused: true } },
  },
};
