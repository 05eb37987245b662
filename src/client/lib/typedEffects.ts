import * as effects from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import type { Channel, Task } from 'redux-saga';
import type { Effect, SagaReturnType } from 'redux-saga/effects';

/**
 * Typed versions of the redux-saga effects whose result a saga reads, used with `yield*`:
 * `const user = yield* call(api.me, token)` is a `CurrentUser` without a cast. Each yields the plain effect
 * (tests that step through a saga see the same effects) and gives back its result typed. The one unchecked
 * step is here: redux-saga's `yield` is untyped, and each function below states what the effect resolves to.
 */
type AnyFn = (...args: never[]) => unknown;

/** A saga that yields effects and returns R: what every helper below is, and what `yield*` accepts. */
export type Saga<R> = Generator<Effect, R, unknown>;

/** call(fn, ...args): the function's result, a promise's value or a generator's return. */
export function* call<Fn extends AnyFn>(fn: Fn, ...args: Parameters<Fn>): Saga<SagaReturnType<Fn>> {
  const result: unknown = yield effects.call(fn as never, ...(args as never[]));
  return result as SagaReturnType<Fn>;
}

/** select(selector, ...args): the selector's value over the current state. */
export function* select<Fn extends (state: never, ...args: never[]) => unknown>(selector: Fn, ...args: Tail<Parameters<Fn>>): Saga<ReturnType<Fn>> {
  const result: unknown = yield (effects.select as (selector: unknown, ...args: unknown[]) => Effect)(selector, ...args);
  return result as ReturnType<Fn>;
}

/** fork(fn, ...args): the forked task. */
export function* fork<Fn extends AnyFn>(fn: Fn, ...args: Parameters<Fn>): Saga<Task> {
  const task: unknown = yield effects.fork(fn as never, ...(args as never[]));
  return task as Task;
}

/** take(types): the first matching action. */
export function* take<A extends Action = Action>(pattern: string | string[]): Saga<A> {
  const action: unknown = yield effects.take(pattern);
  return action as A;
}

/** actionChannel(type): a queue of the actions of that type from now on, taken one at a time with takeFrom. */
export function* actionChannel(pattern: string): Saga<Channel<Action>> {
  const channel: unknown = yield effects.actionChannel(pattern);
  return channel as Channel<Action>;
}

/** take(channel): the next action waiting in an actionChannel's queue. */
export function* takeFrom<A extends Action = Action>(channel: Channel<Action>): Saga<A> {
  const action: unknown = yield effects.take(channel);
  return action as A;
}

/** getContext(key): the saga context's value, undefined when the store set none. */
export function* getContext<T>(key: string): Saga<T | undefined> {
  const value: unknown = yield effects.getContext(key);
  return value as T | undefined;
}

/** all(sagas): runs them side by side (the first failure cancels the others) and gives back their results. */
export function* all<T extends unknown[]>(...sagas: { [K in keyof T]: Saga<T[K]> }): Saga<T> {
  const results: unknown = yield effects.all(sagas as never);
  return results as T;
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
