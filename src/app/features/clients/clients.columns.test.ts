/** The client and project lists show the spec's columns (spec 02 §2.4, §2.5), index first. */
import { describe, expect, it } from 'vitest';
import enClients from '../../../../locales/en_US/clients.json';
import zhClients from '../../../../locales/zh_CN/clients.json';
import { customersColumns } from './customers.columns';
import { projectsColumns } from './projects.columns';

const fields = (cols: { field: string }[]) => cols.map((c) => c.field);
/** A header key of the clients namespace resolves in both languages. */
const resolves = (key: string) => {
  const path = key.replace(/^clients:/, '').split('.');
  return [enClients, zhClients].every((ns) => typeof path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ns) === 'string');
};

describe('client and project list columns', () => {
  it('client list: index, kind, code, name, owner, bank name and account, invoice title, tax number, address, former name, disabled, created', () => {
    expect(fields(customersColumns)).toEqual([
      'index', 'kind', 'code', 'name', 'ownerName', 'bankName', 'bankAccount', 'invoiceTitle', 'taxNumber', 'address', 'formerName', 'disabled', 'createdAt', 'actions',
    ]);
    expect(customersColumns[0].kind).toBe('index');
    expect(customersColumns.find((c) => c.field === 'createdAt')?.format).toBe('dateTime');
  });

  it('project list: index, then the spec columns with opposing party, plaintiff, defendant, summary, remark and created', () => {
    expect(fields(projectsColumns)).toEqual([
      'index', 'code', 'name', 'kind', 'amount', 'clientNames', 'oppParty', 'departmentName', 'principalNames', 'plaintiff', 'defendant', 'summary', 'remark', 'disabled', 'createdAt', 'actions',
    ]);
    expect(projectsColumns[0].kind).toBe('index');
    expect(projectsColumns.find((c) => c.field === 'createdAt')?.format).toBe('dateTime');
  });

  it('every clients header has a text in both languages', () => {
    for (const c of [...customersColumns, ...projectsColumns].filter((col) => col.headerKey.startsWith('clients:'))) expect(resolves(c.headerKey), c.headerKey).toBe(true);
  });
});
