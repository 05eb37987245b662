import initial from './001_initial.js';

/** Every migration in order; append, never edit one that has shipped. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
];
