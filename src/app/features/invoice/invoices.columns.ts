/** Invoice list (/invoice/list, spec 02 §2.6, §3): default sort date descending, then id (the server's). */
import type { InvoiceDto } from '../../../contract/invoice';
import type { ListColumn } from '../../../../grids/list/columns';

export const invoicesColumns: ListColumn<InvoiceDto>[] = [
  { field: 'date', headerKey: 'invoice:date', width: 110, sortable: true },
  { field: 'no', headerKey: 'invoice:no', width: 150, sortable: true },
  { field: 'projectName', source: '*', headerKey: 'invoice:project', minWidth: 180, flex: 1, format: 'project' },
  { field: 'issueOffice', headerKey: 'invoice:issueOffice', width: 150, sortable: true },
  { field: 'amount', headerKey: 'invoice:amount', width: 130, renderer: 'cents', align: 'right', sortable: true },
  { field: 'receivedAmount', headerKey: 'invoice:receivedAmount', width: 130, renderer: 'cents', align: 'right', sortable: true },
  { field: 'redAmount', headerKey: 'invoice:redAmount', width: 120, renderer: 'cents', align: 'right', sortable: true },
  { field: 'kind', headerKey: 'invoice:kind', width: 130, format: 'kind', sortable: true },
  { field: 'opened', headerKey: 'invoice:opened', width: 80, renderer: 'opened' },
  { field: 'attachments', source: '*', headerKey: 'invoice:attachmentCount', width: 100, renderer: 'attachments', align: 'center' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 130, renderer: 'actions', resizable: false, pinned: 'right' },
];
