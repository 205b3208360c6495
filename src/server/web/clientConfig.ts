import type { ClientConfig } from '../../shared/clientConfig';
import { loadConfig, type ServerConfig } from '../config';

/** The browser's run-time configuration, derived from the same environment as the API. */
export function clientConfigFor(config: ServerConfig): ClientConfig {
  return {
    apiUrl: config.publicApiUrl,
    firebase: { apiKey: config.firebase.apiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId },
    authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
  };
}

export function clientConfigFromEnv(): ClientConfig {
  return clientConfigFor(loadConfig());
}
