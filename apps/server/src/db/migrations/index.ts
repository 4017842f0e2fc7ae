import type { Migration } from 'kysely';
import * as core from './0001-core';
import * as loads from './0002-loads';

/** Every migration, in order. Listed statically so that no file-system scan is needed at run time. */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-loads': loads,
};
