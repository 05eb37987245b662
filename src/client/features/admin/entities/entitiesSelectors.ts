import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer.js';
import { compareAlphabetically } from '../../../lib/search.js';
import { pageOf, textMatches } from '../../../lib/tableView.js';
import type { RequestError } from '../../../lib/remote.js';
import { foldText } from '../../../../shared/text.js';

const selectList = (state: RootState) => state.entities.list;
export const selectEntitiesView = (state: RootState) => state.entities.view;
const selectGeography = (state: RootState) => state.entities.geography;

const selectShowArchived = (state: RootState) => state.entities.showArchived;

/** The entities table: searched by name, alphabetical, one page of 7 (clamped); archived ones only when asked for. */
export const selectEntitiesPage = createSelector([selectList, selectEntitiesView, selectShowArchived], (list, view, showArchived) => {
  const rows = list.items
    .filter((e) => (showArchived || !e.archived) && textMatches(e.name, view.search))
    .sort((a, b) => compareAlphabetically({ label: a.name }, { label: b.name }));
  return { ...pageOf(rows, view.page), total: rows.length };
});

/** How many entities are archived (the list's 'Mostrar archivadas' says so). */
export const selectArchivedCount = createSelector([selectList], (list) => list.items.filter((e) => e.archived).length);

/**
 * Entities as the user form offers them: "name - (province)", the suffix the entity search ignores; archived ones
 * only when the user already belongs to them (`kept`), as the server allows.
 */
export const selectEntityOptions = createSelector([selectList, (_state: RootState, kept: readonly number[]) => kept], (list, kept) =>
  list.items.filter((e) => !e.archived || kept.includes(e.id)).map((e) => ({ value: e.id, label: `${e.name} - (${e.province})` })),
);

/** The entity the edit page (/manage/entities/{id}/edit) shows, once the list has it. */
export const selectEntityById = (state: RootState, id: number) => state.entities.list.items.find((e) => e.id === id);

/** A municipality ready to search: its name folded once (no accents, lower case) beside the name and province. */
export interface MunicipalityOption {
  munId: string;
  name: string;
  province: string;
  key: string;
}

/** Every municipality with its province name, folded once and in Spanish order, built once per load. */
export const selectMunicipalityIndex = createSelector([selectGeography], ({ municipalities, provinces }) => {
  const provinceName = new Map(provinces.map((p) => [p.provinceId, p.name]));
  const options: MunicipalityOption[] = municipalities.map((m) => ({
    munId: m.munId,
    name: m.name,
    province: provinceName.get(m.provinceId) ?? '',
    key: foldText(m.name),
  }));
  options.sort((a, b) => compareAlphabetically({ label: a.name }, { label: b.name }));
  return { options, byId: new Map(options.map((o) => [o.munId, o])) };
});

/** The message of a failed creation (spec section 8): several provinces, a name in use, or the generic one. */
export function entityCreateErrorMessage(error: RequestError | null): string | null {
  if (!error) return null;
  if (error.type === 'VALIDATION' && error.data === 'MULTIPLE_PROVINCES') return 'ENTITIES.TOAST.MULTIPLE_PROVINCES';
  if (error.type === 'VALIDATION' && error.data === 'ALREADY_EXISTS') return 'ENTITIES.TOAST.ALREADY_EXISTS';
  return 'ENTITIES.TOAST.CREATE_ERROR';
}

export const selectEntityCreateError = (state: RootState) => entityCreateErrorMessage(state.entities.create.error);

/** The message of a failed edit: several provinces, a name in use, or the generic one. */
export function entityUpdateErrorMessage(error: RequestError | null): string | null {
  const message = entityCreateErrorMessage(error);
  return message === 'ENTITIES.TOAST.CREATE_ERROR' ? 'ENTITIES.TOAST.UPDATE_ERROR' : message;
}

export const selectEntityUpdateError = (state: RootState) => entityUpdateErrorMessage(state.entities.update.error);
