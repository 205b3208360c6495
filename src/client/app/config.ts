import type { ClientConfig } from '../../shared/clientConfig';

let current: ClientConfig | null = null;

export async function loadClientConfig(): Promise<ClientConfig> {
  // The page preloads this request (index.html); the server answers it with no-store.
  const res = await fetch('/config.json');
  if (!res.ok) throw new Error(`Could not load configuration (${res.status})`);
  current = (await res.json()) as ClientConfig;
  return current;
}

export function setClientConfig(config: ClientConfig): void {
  current = config;
}

export function clientConfig(): ClientConfig {
  if (!current) throw new Error('Client configuration not loaded');
  return current;
}

/** Avatars stored by the API come back as 'static/…' paths: resolve them against the API host root (spec §3). */
export function resolveAssetUrl(pathOrUrl: string | null | undefined): string | undefined {
  if (!pathOrUrl) return undefined;
  if (/^(https?:|data:|blob:)/.test(pathOrUrl)) return pathOrUrl;
  const base = new URL(clientConfig().apiUrl);
  return new URL(pathOrUrl.replace(/^\/+/, ''), `${base.origin}/`).toString();
}
