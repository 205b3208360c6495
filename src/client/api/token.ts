/**
 * The base query asks for the current ID token on each request; the auth module registers how.
 * Kept apart so the api slice does not depend on the identity SDK.
 */
export interface TokenSource {
  current(): Promise<string | null>;
  /**
   * Called when the API refused the token: answers true when the session could be brought up to
   * date (so the request is worth one more try), false when nothing changed.
   */
  renew(): Promise<boolean>;
}

let source: TokenSource = { current: async () => null, renew: async () => false };

export function setTokenSource(next: TokenSource): void {
  source = next;
}

export function currentToken(): Promise<string | null> {
  return source.current();
}

export function renewToken(): Promise<boolean> {
  return source.renew();
}
