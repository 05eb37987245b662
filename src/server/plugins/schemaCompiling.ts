import type { FastifyInstance } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * When the calls' schemas (src/shared/api) become their request checks (validation.ts, ajv) and answer writers
 * (fast-json-stringify): all of them as the app starts, or each when its call is first made.
 *
 * - `atStart` (the default: main.ts, the bench): a schema that cannot compile stops the start, and no reader's
 *   request pays for compiling.
 * - `onFirstUse` (the tests' apps, `__tests__/helpers/server.ts`): compiling the 111 calls' schemas is most of an
 *   app's start (measured: about 330 ms of a 400 ms build and ready, 75 ms without), and a test file starts one or
 *   more apps and makes few of their calls. The browser tests start the server as main.ts does, and a test builds
 *   an app `atStart`, so a schema that does not compile still fails the tests.
 */
export type SchemaCompiling = 'atStart' | 'onFirstUse';

/** What compile gives, made now (atStart) or on the first call of the returned function (onFirstUse), then kept. */
export function compiledWhen<T>(when: SchemaCompiling, compile: () => T): () => T {
  if (when === 'atStart') {
    const made = compile();
    return () => made;
  }
  let made: { value: T } | undefined;
  return () => (made ??= { value: compile() }).value;
}

/** Fastify's own answer writer (fast-json-stringify) for a route's answer schema: what every call's answer is written by. */
export const answerWriterOf = SerializerSelector()(undefined, undefined);

/** The answers' writers (answerWriterOf, from the response schemas), compiled as `when` says. */
export function installAnswerWriters(app: FastifyInstance, when: SchemaCompiling): void {
  app.setSerializerCompiler((route) => {
    // Fastify gives every answer schema its status; its type leaves it optional.
    const writer = compiledWhen(when, () => answerWriterOf({ ...route, httpStatus: route.httpStatus ?? '' }));
    return (data: unknown) => writer()(data);
  });
}
