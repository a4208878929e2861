/** Stored files by signed, expiring URL (http/file-urls.ts): avatars, attachments, exports. */
import type { FastifyInstance } from 'fastify';
import { systemApi } from '../../../contract/system';
import { handleRaw } from '../../http/route';
import { DomainError } from '../../../domain/result-codes';
import { readFile } from './queries';
import { checkFileUrl } from '../../http/file-urls';
import { FILE_CSP } from '../../http/security-headers';

/** Raster images a browser may show inline (never SVG: it can carry script). Anything else downloads. */
const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** attachment or inline, with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function dispositionOf(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 150) || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // Public but unguessable and short-lived: the signature is an HMAC of the id and the expiry with
  // the server's secret. A forged link answers like a missing file; an expired one, that it is gone.
  handleRaw(app, systemApi.file, async (req, reply) => {
    const { id } = req.params;
    const { exp, sig } = req.query;
    const link = checkFileUrl(app.opts.fileSecret!, id, exp, sig);
    if (link === 'forged') throw new DomainError('NO_PERMISSION');
    if (link === 'expired') throw new DomainError('FILE_CLEARED');
    const f = await readFile(app.db, id);
    if (!f) throw new DomainError('NO_PERMISSION');
    // A stored file must never render as a page of this origin: inline only for raster images, sent
    // with exactly that image type; everything else is an octet-stream download. nosniff and a
    // sandboxing CSP hold even if a browser is tempted to guess.
    const mime = f.mime.toLowerCase().split(';')[0].trim();
    const inline = INLINE_IMAGE_TYPES.has(mime);
    return reply
      .type(inline ? mime : 'application/octet-stream')
      .header('content-disposition', dispositionOf(inline ? 'inline' : 'attachment', f.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      // Cached no longer than the link is valid.
      .header('cache-control', `private, max-age=${Math.max(0, Math.min(86400, exp! - Math.floor(Date.now() / 1000)))}`)
      .send(f.content);
  });
}
