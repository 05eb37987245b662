import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors.js';
import { sendError } from './errors.js';

const NOT_BUILT_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Campañas</title></head>
<body><main><h1>Campañas</h1><p>La aplicación web no está compilada. Ejecuta <code>npm run build</code>.</p></main></body></html>`;

/**
 * Serves the built SPA: hashed assets cached for a year, compressed copies to browsers that accept them, index.html for every other non-API path
 * (history fallback), and the API's 404 envelope under /api and for a missing file under /assets (no source map is served).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The .br or .gz copy the build made (webpack.config.js), when the browser accepts it.
      preCompressed: true,
      // Source maps are not built for production (webpack.config.js); one left in the folder is not served either.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png)(\.br|\.gz)?$/.test(filePath);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A file under /assets that is not there (an old bundle's chunk, a source map) is a 404, not the page.
    const isAsset = request.url.startsWith('/assets/');
    if (isApi || isAsset || !['GET', 'HEAD'].includes(request.method)) {
      return sendError(request, reply, new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
    }
    reply.header('Cache-Control', 'no-cache');
    return built ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  });
}
