/**
 * What the browser needs to know at run time, served by the web server as /config.json so one
 * build runs against any API host or Firebase project. Nothing secret: the Firebase web config is
 * public by design.
 */
export interface ClientConfig {
  apiUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** e.g. http://127.0.0.1:9099 when the auth emulator is used, else null. */
  authEmulatorUrl: string | null;
}
