import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import reactRefreshTypeScript from 'react-refresh-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Text assets a browser downloads, compressed at build time: the server sends the .br or .gz copy it accepts. */
const compressible = /\.(js|css|html|svg)$/;

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
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Shared sources import with .js extensions (NodeNext on the server); webpack maps them back to .ts.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
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
          ]
        : []),
    ],
    optimization: {
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
      proxy: [{ context: ['/api'], target: `http://localhost:${apiPort}` }],
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    },
    stats: { assets: true, assetsSort: '!size', modules: false, children: false, entrypoints: true },
  };
};
