import { useAppSelector } from '../../app/hooks.js';
import { selectStatusEditions } from './campaignsSelectors.js';

/** The year of the edition the status page shows, for its cards' titles ('none' before there is one, for ICU's select). */
export function useShownYear(): string {
  return useAppSelector((state) => String(selectStatusEditions(state).chosen?.year ?? 'none'));
}
