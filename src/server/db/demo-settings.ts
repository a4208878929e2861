/**
 * The demo's System settings that the seed writes and the e2e specs put back (kept apart from
 * seed.ts, which pulls in the server, so a test can read them cheaply).
 *
 * The download address: the server's own file route, where every export task's file is fetched.
 * Spec 02 shows Export only once an address is configured; the demo has one so its exports work
 * from the first start (a new installation without the demo keeps none).
 */
export const DEMO_DOWNLOAD_BASE = '/api/files';
