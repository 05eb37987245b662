import { compose, type StoreEnhancer } from 'redux';

/** One dispatch as a Redux DevTools extension records it: the action and the state after it, serialized. */
export interface DevToolsEntry {
  action: string;
  state: string;
}

/** Everything the fake extension below received from every store made since the last `clear`. */
export const devToolsRecord = {
  entries: [] as DevToolsEntry[],
  clear() {
    this.entries.length = 0;
  },
  /** Every recorded action and state, for a search of what must never be there. */
  text(from = 0) {
    return this.entries.slice(from).flatMap((entry) => [entry.action, entry.state]);
  },
  /** Where a string was recorded, short enough for a failure message: 'action auth/x', 'state after auth/x'. */
  holding(needle: string, from = 0) {
    return this.entries.slice(from).flatMap(({ action, state }) => {
      const type = (JSON.parse(action) as { type: string }).type;
      return [...(action.includes(needle) ? [`action ${type}`] : []), ...(state.includes(needle) ? [`state after ${type}`] : [])];
    });
  },
};

// The extension's enhancer is the innermost one: it sees every action that reaches the reducers, saga puts included.
const recorder: StoreEnhancer = (createStore) => (reducer, preloadedState) => {
  const store = createStore(reducer, preloadedState);
  devToolsRecord.entries.push({ action: JSON.stringify({ type: '@@INIT' }), state: JSON.stringify(store.getState()) });
  const dispatch = ((action) => {
    const result = store.dispatch(action);
    devToolsRecord.entries.push({ action: JSON.stringify(action), state: JSON.stringify(store.getState()) });
    return result;
  }) as typeof store.dispatch;
  return { ...store, dispatch };
};

type Enhancers = StoreEnhancer[];
// configureStore looks for the browser extension when @reduxjs/toolkit loads: a test imports this module first.
(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: [object] | Enhancers) =>
  typeof args[0] === 'function' ? compose(...(args as Enhancers), recorder) : (...enhancers: Enhancers) => compose(...enhancers, recorder);
