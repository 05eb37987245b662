import type { ComponentType } from 'react';
import { BarChartLine, ClipboardCheck, Diagram3, Journals, ListCheck, PencilSquare, PeopleFill, Buildings, JournalText } from '../../components/icons.js';
import type { Action } from '../../../shared/permissions.js';
import { PATHS } from '../../app/paths.js';

/** The side menu: each item shows when the user's role may perform one of its actions (spec section 6). */
export const MENU_ITEMS: readonly {
  id: string;
  path: string;
  actions: readonly Action[];
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
}[] = [
  { id: 'MENU.STATUS', path: PATHS.status, actions: ['ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'], icon: ClipboardCheck },
  { id: 'MENU.REVIEW', path: PATHS.review, actions: ['CAMPAIGNS_REVIEW'], icon: ListCheck },
  { id: 'MENU.ENTITIES', path: PATHS.entities, actions: ['ENTITIES_MANAGE'], icon: Buildings },
  { id: 'MENU.USERS', path: PATHS.users, actions: ['USERS_MANAGE'], icon: PeopleFill },
  { id: 'MENU.EDITIONS', path: PATHS.editions, actions: ['EDITIONS_VIEW'], icon: Journals },
  { id: 'MENU.AUDIT', path: PATHS.audit, actions: ['AUDIT_READ'], icon: JournalText },
  { id: 'MENU.MY_CAMPAIGNS', path: PATHS.myCampaigns, actions: ['SELF_CAMPAIGNS'], icon: PencilSquare },
  { id: 'MENU.RESULTS', path: PATHS.results, actions: ['RESULTS_CAMPAIGNS'], icon: BarChartLine },
  { id: 'MENU.COMPARISONS', path: PATHS.comparisons, actions: ['RESULTS_CAMPAIGNS'], icon: Diagram3 },
];
