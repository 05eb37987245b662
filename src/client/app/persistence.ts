import type { Reducer } from '@reduxjs/toolkit';
import { createMigrate, persistReducer, type PersistedState } from 'redux-persist';
import localStorageModule from 'redux-persist/lib/storage';
import { storedFields } from '../lib/stored.js';

// redux-persist ships CommonJS: webpack unwraps its default export, Node's ES module loader (jest) does not.
export const storage = (localStorageModule as unknown as { default?: typeof localStorageModule }).default ?? localStorageModule;

/**
 * The version of the working views' shape in local storage. A change of their shape raises it and adds a
 * migration below that turns the previous version's copy into the new one.
 */
export const VIEWS_VERSION = 1;

/**
 * How a stored view is read back: `read` takes whatever the copy holds and returns the persisted keys with
 * every malformed or missing field as the initial view has it. It must never throw.
 */
type ViewReader<S> = (stored: Record<string, unknown>) => Partial<S>;

/**
 * Version 1, the first kept views: a copy from before (no version, another layout, bad values) is read field
 * by field, so what does not fit gives the initial view and nothing else of it is kept.
 */
export const migrateView = <S>(read: ViewReader<S>) =>
  createMigrate({ 1: (state: PersistedState): PersistedState => state && { ...read(storedFields(state)), _persist: state._persist } }, { debug: false });

/**
 * A slice whose working view (the `keys`: search, filters, sort, page, chosen entity) is kept in this browser's
 * local storage under `persist:<key>`, and nothing else of it: no server data, no tokens. An older copy goes
 * through the migrations; then every copy, whatever its version (a damaged one, a newer one after a
 * downgrade), is read through `read` again and merged over the slice's initial state.
 * The slices return to their initial view on a session change, so the copy is overwritten for the next user.
 */
export function persistView<S extends object>(key: string, reducer: Reducer<S>, keys: readonly (keyof S & string)[], read: ViewReader<S>) {
  return persistReducer<S>(
    {
      key,
      version: VIEWS_VERSION,
      storage,
      whitelist: [...keys],
      migrate: migrateView(read),
      // Keys the slice changed before the copy arrived keep the newer value (as autoMergeLevel1 does).
      stateReconciler: (inbound: unknown, original: S, reduced: S) => {
        const view = read(storedFields(inbound));
        const fresh = keys.filter((k) => reduced[k] === original[k] && k in view);
        return { ...reduced, ...Object.fromEntries(fresh.map((k) => [k, view[k]])) };
      },
    },
    reducer,
  );
}
