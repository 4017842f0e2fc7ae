import type { LoadFileType, LoadStatus } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The documents of loads: their rows (the files themselves are in the storage, load-files.ts).

export type FileRow = {
  id: number;
  load_id: number;
  file_type: LoadFileType;
  name: string;
  storage_path: string;
  size_bytes: number;
  mime_type: string | null;
  created_at: Date;
  uploaded_by: number | null;
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
  values: {
    load_id: number;
    file_type: LoadFileType;
    name: string;
    storage_path: string;
    size_bytes: number;
    mime_type: string | null;
    uploaded_by: number;
    created_at: Date;
  },
): Promise<number> {
  const row = await trx.insertInto('load_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFile(trx: Trx, fileId: number): Promise<void> {
  await trx.deleteFrom('load_files').where('id', '=', fileId).execute();
}
