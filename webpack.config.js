import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import reactRefreshTypeScript from 'react-refresh-typescript';
import { interfaceLanguages } from './build/languages.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The catalogues of the interface's languages (LANGUAGES in src/shared/constants.ts): i18n/es.json, i18n/en.json... */
const catalogues = new RegExp(`i18n[\\\\/](${interfaceLanguages(path.join(root, 'src/shared/constants.ts')).join('|')})\\.json$`);

/** Text assets a browser downloads, compressed at build time: the server sends the .br or .gz copy it accepts. */
const compressible = /\.(js|css|html|svg)$/;

/**
 * Prints the map chunk's size (Highcharts' map module and the simplified boundaries), raw and gzip, after a
 * production build: the status page loads it, within the Lighthouse budget (docs/benchmarks.md).
 */
class MapChunkSizePlugin {
  apply(compiler) {
    compiler.hooks.done.tap('MapChunkSizePlugin', (stats) => {
      const chunk = stats.compilation.namedChunks.get('map');
      if (!chunk) return;
      const files = [...chunk.files].filter((file) => file.endsWith('.js'));
      const bytes = files.map((file) => readFileSync(path.join(compiler.outputPath, file)));
      const raw = bytes.reduce((sum, b) => sum + b.length, 0);
      const gzip = bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      console.log(`Map chunk (${files.join(', ')}): ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
    });
  }
}

/** Where `npm run dev` runs the API (tsx watch); the dev server on DEV_PORT passes /api calls to it. */
const apiPort = process.env.DEV_API_PORT ?? '3001';
const devPort = Number(process.env.DEV_PORT ?? 3000);

/**
 * Builds the SPA into dist/client: content-hashed chunks, CSS extracted, .br and .gz copies, sizes printed.
 * Under `webpack serve` (npm run dev) it serves from memory instead, with React Fast Refresh.
 */
export default (env, argv) => {
  const production = argv.mode !== 'development';
  const hot = Boolean(env.WEBPACK_SERVE) && !production;
  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.join(root, 'src/client/index.tsx') },
    output: {
      path: path.join(root, 'dist/client'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    // No source maps in production: they would publish the sources (and their comments) beside the bundle.
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Shared sources import with .js extensions (NodeNext on the server); webpack maps them back to .ts.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // The catalogues arrive compiled (build/messagesLoader.mjs): formatjs' parser-free build formats them.
      alias: { '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js' },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          options: {
            configFile: 'tsconfig.client.json',
            transpileOnly: true,
            ...(hot ? { getCustomTransformers: () => ({ before: [reactRefreshTypeScript()] }) } : {}),
          },
          exclude: /node_modules/,
        },
        // The map chunk's boundaries: es-atlas' provinces and communities simplified at build time.
        { test: /src[\\/]client[\\/]maps[\\/]spainGeometry\.ts$/, enforce: 'post', loader: path.join(root, 'build/spainGeometryLoader.cjs') },
        // The interface's catalogues: every message compiled to its syntax tree at build time.
        { test: catalogues, loader: path.join(root, 'build/messagesLoader.mjs') },
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(png|svg|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html'), favicon: path.join(root, 'public/favicon.svg') }),
      ...(hot ? [new ReactRefreshPlugin({ overlay: false })] : []),
      new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css', chunkFilename: 'assets/[name].[contenthash:10].css' }),
      ...(production
        ? [
            new CompressionPlugin({ test: compressible, threshold: 1024, algorithm: 'gzip', filename: '[path][base].gz' }),
            new CompressionPlugin({ test: compressible, threshold: 1024, algorithm: 'brotliCompress', filename: '[path][base].br' }),
            new MapChunkSizePlugin(),
          ]
        : []),
    ],
    optimization: {
      // SWC minifies the JavaScript (the Rust minifier that jest's transform already installs): some 3 s of CPU
      // where terser, webpack's default, took 33 s, for bundles within a few per cent of terser's size.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: devPort,
      host: 'localhost',
      hot: true,
      // Client routes (/my-campaigns/3...) are the SPA's; the API runs in its own watched process.
      historyApiFallback: true,
      // The API, and the public pages the server writes (/publico, /sello: not in the client's routes).
      proxy: [{ context: ['/api', '/publico', '/sello', '/verificar'], target: `http://localhost:${apiPort}` }],
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    },
    stats: { assets: true, assetsSort: '!size', modules: false, children: false, entrypoints: true },
  };
};
