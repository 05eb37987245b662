// webpack replaces process.env.NODE_ENV at build time.
declare const process: { env: { NODE_ENV?: string } };
