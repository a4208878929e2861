/** Stored files by signed URL (avatars now; attachments later). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../contract/common';
import { DomainError } from '../../../domain/result-codes';
import { readFile } from '../../db/queries/system';
import { verifyFileSig } from '../../http/file-urls';

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // Public but unguessable: the signature is an HMAC of the id with the server's secret.
  app.get('/:id', { config: { access: { public: true } }, schema: { tags: ['system'], security: [], params: idParams, querystring: z.object({ sig: z.string().optional() }) } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    if (!verifyFileSig(app.opts.fileSecret!, id, (req.query as { sig?: string }).sig)) throw new DomainError('NO_PERMISSION');
    const f = await readFile(app.db, id);
    if (!f) throw new DomainError('NO_PERMISSION');
    return reply.type(f.mime).header('cache-control', 'private, max-age=86400').send(f.content);
  });
}
