/** A chunk that draws Highcharts charts: it re-exports highchartsModules (highcharts.ts). */
export interface ChartChunk {
  highchartsModules(): Promise<void>;
}

/**
 * A chart chunk once it is loaded and Highcharts' modules with it: what every way to a chart waits for (the
 * report's charts, the status page's pie, the maps). Imports nothing of Highcharts itself, so that the pages
 * that use it keep Highcharts out of their own chunks.
 */
export async function chartChunkReady<M extends ChartChunk>(chunk: Promise<M>): Promise<M> {
  const loaded = await chunk;
  await loaded.highchartsModules();
  return loaded;
}
