import { PATHS } from './app/paths.js';

/**
 * Client settings: a base configuration overridden by the one the build selects (spec section 9).
 * The redirect URI follows the address the app is served from, as the server expects (PUBLIC_URL).
 */
export interface ClientConfig {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  persistStore: boolean;
  showErrorLogs: boolean;
  releaseName: string;
}

const base: ClientConfig = {
  apiBaseUrl: '',
  clientId: 'campaigns-web',
  clientSecret: 'campaigns-web-secret',
  persistStore: true,
  showErrorLogs: false,
  releaseName: 'local',
};

const environments: Record<string, Partial<ClientConfig>> = {
  development: { showErrorLogs: true, releaseName: 'development' },
  production: { releaseName: 'production' },
};

export const CONFIG: ClientConfig = { ...base, ...environments[process.env.NODE_ENV ?? 'development'] };

export const redirectUri = (): string => `${window.location.origin}${PATHS.authCallback}`;
