/** The SQLSTATE a database call fails with (drizzle wraps the driver's error in `cause`), or undefined when it succeeds. */
export async function sqlStateOf(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
}
