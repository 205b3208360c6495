/**
 * The base query asks for the current ID token on each request; the auth module registers how.
 * Kept apart so the api slice does not depend on the Firebase SDK.
 */
type TokenGetter = () => Promise<string | null>;
let getter: TokenGetter = async () => null;

export function setTokenGetter(fn: TokenGetter): void {
  getter = fn;
}

export function currentToken(): Promise<string | null> {
  return getter();
}
