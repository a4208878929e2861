import { sqlStateOf as sqlStateOfError } from '../../src/server/db/tx';

/** The SQLSTATE a database call fails with (read as the server's error handler reads it), or undefined when it succeeds. */
export async function sqlStateOf(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (e) {
    return sqlStateOfError(e);
  }
}
