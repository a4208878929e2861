/**
 * Compile-time checks of the typed client (run by `npm run typecheck`, never executed): each
 * @ts-expect-error line must stay an error, so the client cannot silently loosen.
 */
import { accountApi, companyApi, sessionApi } from '../../contract/heads';
import { call } from './typed-client';

export async function typedClientChecks(): Promise<void> {
  // Answers are typed from the contract.
  const page = await call(accountApi.list, { query: { filter: { companyId: 1 } } });
  const name: string = page.content[0].name;
  void name;
  // @ts-expect-error a path parameter is required
  await call(accountApi.get, {});
  // @ts-expect-error path parameters are typed
  await call(accountApi.get, { params: { id: 'x' } });
  // @ts-expect-error the body must match the contract
  await call(companyApi.create, { body: { title: 'no name' } });
  // @ts-expect-error filter fields are typed
  await call(accountApi.list, { query: { filter: { companyId: 'one' } } });
  // @ts-expect-error a route without a body takes none
  await call(sessionApi.logout, { body: { all: true } });
  // @ts-expect-error answers are not loosely typed
  const wrong: number = (await call(companyApi.get, { params: { id: 1 } })).name;
  void wrong;
}
