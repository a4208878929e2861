/** User rows → contract DTOs (the one place they are mapped). */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from './users';
import type { UserDto } from '../../../contract/idm';
import { fileUrl } from '../../http/file-urls';
import { iso } from '../../db/queries/list';

export function toUserDto(app: FastifyInstance, u: UserRow): UserDto {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    kind: u.kind as UserDto['kind'],
    state: u.state as UserDto['state'],
    companyId: u.companyId,
    mobileTel: u.mobileTel,
    email: u.email,
    language: (u.language as UserDto['language']) ?? null,
    avatar: u.avatarFileId ? { id: u.avatarFileId, realUri: fileUrl(app.opts.fileSecret!, u.avatarFileId) } : null,
    createdAt: iso(u.createdAt),
  };
}
