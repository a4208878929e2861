/**
 * Which proxies may tell us the client address (X-Forwarded-For). Off by default: the sign-in rate
 * limit keys on req.ip, and trusting every sender would let a client pick its own key.
 * TRUST_PROXY is a hop count ("1": the nearest proxy) or a comma-separated list of proxy addresses,
 * CIDR ranges or proxy-addr names ("127.0.0.1,10.0.0.0/8", "loopback").
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    // Trusting every sender is exactly the bypass this setting exists to prevent.
    throw new Error('TRUST_PROXY=true is not accepted: give a hop count (e.g. 1) or the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)');
  }
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Fastify's trustProxy option. A hop count becomes a function: Fastify 5 treats a bare number as "trust nothing". */
export function fastifyTrustProxy(tp: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (tp === undefined || tp === false || tp === 0) return false;
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp.length ? tp : false;
}
