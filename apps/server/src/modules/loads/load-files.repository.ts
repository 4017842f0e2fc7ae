import type { LoadStatus } from '../../db/schema';
import type { Db, NewRow, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The documents of loads: their rows (the files themselves are in the storage, load-files.ts).

/** A file with the name of the user who uploaded it (left-joined: null when the user is gone). */
export type FileRow = Row<'load_files'> & {
  uploader_first_name: string | null;
  uploader_last_name: string | null;
};

function fileRowsQuery(db: Db) {
  return db
    .selectFrom('load_files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select([
      'f.id',
      'f.load_id',
      'f.file_type',
      'f.name',
      'f.storage_path',
      'f.size_bytes',
      'f.mime_type',
      'f.created_at',
      'f.uploaded_by',
      'u.first_name as uploader_first_name',
      'u.last_name as uploader_last_name',
    ]);
}

/** The files of these loads, oldest first. */
export async function findFiles(db: Db, loadIds: readonly number[]): Promise<FileRow[]> {
  if (loadIds.length === 0) return [];
  return fileRowsQuery(db).where('f.load_id', 'in', loadIds).orderBy('f.load_id').orderBy('f.id').execute();
}

/** A file of one of the company's loads, with its load's status. */
export async function findCompanyFile(
  db: Db,
  companyId: number,
  fileId: number,
): Promise<(FileRow & { load_status: LoadStatus }) | undefined> {
  return fileRowsQuery(db)
    .innerJoin('loads as l', 'l.id', 'f.load_id')
    .select('l.status as load_status')
    .where('l.company_id', '=', companyId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}

export async function findFileTypes(trx: Trx, loadId: number): Promise<string[]> {
  const rows = await trx.selectFrom('load_files').select('file_type').where('load_id', '=', loadId).execute();
  return rows.map((row) => row.file_type);
}

export async function findStoragePaths(trx: Trx, loadId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('load_files')
    .select('storage_path')
    .where('load_id', '=', loadId)
    .execute();
  return rows.map((row) => row.storage_path);
}

export async function insertFile(
  trx: Trx,
  values: Required<Omit<NewRow<'load_files'>, 'id'>> & { uploaded_by: number },
): Promise<number> {
  const row = await trx.insertInto('load_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFile(trx: Trx, fileId: number): Promise<void> {
  await trx.deleteFrom('load_files').where('id', '=', fileId).execute();
}
