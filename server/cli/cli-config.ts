/**
 * The configuration of a command-line tool (`npm run backup`, `restore`, `staff`): the server's own
 * (config.ts), or its Spanish error printed and exit code 2, as for a wrong argument.
 */
import { loadConfig, type Config } from '../config.ts';

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
}
