/**
 * The demo's entities: in each province, one grouping named after a real comarca and two town halls.
 * Town halls are the municipality they name; a grouping's member municipalities are drawn from its province
 * by the seeded generator and are illustrative, not the real membership.
 */
export const DEMO_GROUPINGS: readonly { provinceId: string; name: string }[] = [
  { provinceId: '46', name: 'Mancomunitat de la Ribera Alta' },
  { provinceId: '03', name: 'Mancomunitat de la Marina Alta' },
  { provinceId: '12', name: 'Mancomunitat de la Plana Alta' },
  { provinceId: '08', name: 'Consell Comarcal del Vallès Oriental' },
  { provinceId: '17', name: 'Consell Comarcal del Baix Empordà' },
  { provinceId: '28', name: 'Mancomunidad de la Sierra Norte de Madrid' },
  { provinceId: '41', name: 'Mancomunidad de Municipios del Aljarafe' },
  { provinceId: '18', name: 'Mancomunidad de Municipios de la Costa Tropical' },
  { provinceId: '50', name: 'Comarca del Campo de Borja' },
  { provinceId: '15', name: 'Mancomunidade de Concellos da Comarca de Ferrol' },
  { provinceId: '33', name: 'Mancomunidad del Valle del Nalón' },
  { provinceId: '31', name: 'Mancomunidad de la Comarca de Pamplona' },
];

/** Town halls per province besides the grouping. */
export const TOWN_HALLS_PER_PROVINCE = 2;

/** The three demo accounts; the USER belongs to the first two entities created. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.es', role: 'ADMIN', name: 'Administración demo' },
  { email: 'fec@demo.es', role: 'FEC', name: 'Federación demo' },
  { email: 'usuario@demo.es', role: 'USER', name: 'Usuario demo' },
] as const;
