// Builds the SPA into dist/public. Every screen is a lazy chunk; vendors split so the first load
// of /login or / carries only what they need. `npm run dev` serves it with hot reload.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { DefinePlugin } = require('webpack');

/**
 * The client takes types from the API contract's schema modules and values only from
 * src/shared/constants (and the other schema-free modules): it never validates with a schema,
 * so the schema library must not reach the bundle. A value import of a schema module fails the build.
 */
class NoSchemasInTheClient {
  apply(compiler) {
    // Checked when the modules are built, before concatenation merges them.
    compiler.hooks.compilation.tap('NoSchemasInTheClient', (compilation) =>
      compilation.hooks.finishModules.tap('NoSchemasInTheClient', (modules) => {
        const inSchemaLibrary = (m) => /[\\/]node_modules[\\/]typebox[\\/]/.test(m?.resource ?? '');
        const importers = new Set();
        for (const module of modules) {
          if (!inSchemaLibrary(module)) continue;
          for (const c of compilation.moduleGraph.getIncomingConnections(module)) {
            if (c.originModule && !inSchemaLibrary(c.originModule))
              importers.add(path.relative(__dirname, c.originModule.resource ?? c.originModule.identifier()));
          }
        }
        if (importers.size > 0) {
          compilation.errors.push(
            new Error(
              `The schema library reached the client bundle through ${[...importers].join(', ')}: import its types with 'import type', values from src/shared/constants.`,
            ),
          );
        }
      }),
    );
  }
}

/**
 * The entry (src/client/main.tsx) only starts the app; the rest of start-up, with the libraries,
 * is the `start` chunk group, which the entry asks for once it runs. index.html preloads that
 * group's files, so they download beside the entry instead of after it.
 */
class PreloadStartChunks {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartChunks', (compilation) =>
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartChunks', (data) => {
        const group = compilation.namedChunkGroups.get('start');
        if (!group) {
          compilation.errors.push(new Error("No 'start' chunk group to preload: src/client/main.tsx names it."));
          return data;
        }
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
        const publicPath = compilation.outputOptions.publicPath;
        // At the priority of the entry's own deferred scripts: these are no more urgent than it,
        // and the first paint ('Loading...') needs none of them.
        const preload = (file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${publicPath}${file}` });
        data.headTags.push(...files.map(preload));
        return data;
      }),
    );
  }
}

/** Whether a module is in one of the named chunks, as split-chunks sees them (before splitting). */
function inChunk(chunkGraph, module, names) {
  return [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => names.includes(chunk.name));
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/main.tsx' },
    output: {
      // WEB_OUT_DIR lets parallel test runs build apart; the web server reads WEB_DIST_DIR.
      path: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // React Router's package exports only its development build (warnings and checks);
      // the production build beside it is the same API, smaller.
      alias: {
        ...(production
          ? {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'esnext', noEmit: false, sourceMap: !production } } },
        },
      ],
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false }, // measured by bench/bundle.ts instead
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
          // Start-up's libraries (React, MUI's core, the router, Redux) and the app code it shares
          // with the signed-in first screen: one file, compressed as one, which start-up and that
          // screen share instead of each carrying a copy (the entry asks for both at once).
          startLibraries: {
            test: (module, { chunkGraph }) =>
              inChunk(chunkGraph, module, ['start']) &&
              (/[\\/]node_modules[\\/]/.test(module.resource ?? '') || inChunk(chunkGraph, module, ['shell', 'dashboard'])),
            name: 'start-libraries',
            priority: 10,
            enforce: true,
          },
          // The rest of the libraries of the signed-in frame and the dashboard in one file, not
          // five: over HTTP/1.1 a browser opens six connections per host, and a signed-in first
          // load would otherwise queue its seventh download behind the others.
          firstScreenVendors: {
            test: /[\\/]node_modules[\\/]/,
            chunks: (chunk) => chunk.name === 'shell' || chunk.name === 'dashboard',
            name: 'first-screen-vendors',
            priority: 0,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    plugins: [
      new NoSchemasInTheClient(),
      // Which build a page runs (TALLY_BUILD_ID, e.g. the release or commit): support asks for it,
      // and the update test tells two builds of the same code apart by it.
      new DefinePlugin({ 'process.env.TALLY_BUILD_ID': JSON.stringify(process.env.TALLY_BUILD_ID || 'local') }),
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer' }),
      new PreloadStartChunks(),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production
        ? [
            // The service worker (production only: in development it would serve stale code):
            // the app shell, every hashed asset and the icons precached, so Tally opens offline.
            new InjectManifest({
              swSrc: './src/client/serviceWorker/sw.ts',
              swDest: 'sw.js',
              exclude: [/\.gz$/, /\.map$/, /^icons\/apple-touch-icon\.png$/],
              // The largest chunk is a few hundred KB; this leaves room, and refuses a mistake of megabytes.
              maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
            }),
            new CompressionPlugin({ test: /\.(js|html|svg|css|json)$/, algorithm: 'gzip', threshold: 1024 }),
          ]
        : []),
    ],
    devServer: {
      port: Number(process.env.WEB_PORT || 8080),
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false } },
      setupMiddlewares: (middlewares, devServer) => {
        // The same run-time configuration the production web server answers.
        require('tsx/cjs');
        const { clientConfigFromEnv } = require('./src/server/web/clientConfig.ts');
        devServer.app.get('/config.json', (_req, res) => res.json(clientConfigFromEnv()));
        return middlewares;
      },
    },
  };
};
