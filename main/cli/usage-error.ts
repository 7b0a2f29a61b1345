/** A command line the CLI cannot run as given: exit code 1 with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}
