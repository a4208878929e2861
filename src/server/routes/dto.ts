/** Row → contract DTO mappers shared by the identity and company routes. */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/queries/users';
import type { CompanyRow } from '../db/queries/companies';
import type { UserDto } from '../../contract/idm';
import type { CompanyDto } from '../../contract/company';
import { fileUrl } from '../http/file-urls';

import { iso } from '../db/queries/list';
export { iso };

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

export function toCompanyDto(c: CompanyRow): CompanyDto {
  return { id: c.id, name: c.name, shortCut: c.shortCut, taxNumber: c.taxNumber, address: c.address, phone: c.phone, remark: c.remark, deleted: c.deleted, createdAt: iso(c.createdAt) };
}
