/**
 * Reading back what local storage held: a copy may be of an older shape, cut short or edited by hand, so each
 * value is kept only when it has the type the view expects, and falls back otherwise.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a stored object, or none when it is not one. */
export const storedFields = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

export const storedString = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

export const storedBoolean = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** A page number: a whole number from 1, else the first page. */
export const storedPage = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) >= 1 ? (value as number) : 1);

/** An id (a whole number), or null. */
export const storedId = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null);

/** The items of a stored list that pass `isItem`; nothing when it is not a list. */
export const storedList = <T>(value: unknown, isItem: (item: unknown) => item is T): T[] => (Array.isArray(value) ? value.filter(isItem) : []);

export const isWholeNumber = (item: unknown): item is number => Number.isSafeInteger(item);
export const isString = (item: unknown): item is string => typeof item === 'string';
