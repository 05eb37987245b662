export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** Query string of the API: arrays as key[]=value, empty values skipped (spec section 7). */
export function toQueryString(params: Record<string, QueryValue> = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number | boolean) => parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '' && item !== null && item !== undefined) add(`${key}[]`, item);
    } else {
      add(key, value as string | number | boolean);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
