/** A catalogue's JSON text to the JSON text of its messages' syntax trees (build/messagesLoader.mjs). */
export function compileCatalogue(source: string, resourcePath: string): string;
declare function messagesLoader(this: { resourcePath: string }, source: string): string;
export default messagesLoader;
