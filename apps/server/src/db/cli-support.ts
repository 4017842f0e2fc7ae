import { ConfigError } from '../config';
import { DataDirInUseError } from './data-dir-lock';

/** Prints an expected start-up failure as one clear line, anything else with its stack, and exits 1. */
export function exitWithError(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
