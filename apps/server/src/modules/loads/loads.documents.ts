import type { Readable } from 'node:stream';
import type { LoadFileType } from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import type { LoadFile } from '@app/domain/loads/loads.schema';
import { forbidden, notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { refuseWhen, type LoadChange } from './load-change';
import { checkUpload, displayName, storagePathFor, type IncomingFile } from './load-files';
import * as filesRepo from './load-files.repository';
import { LOADS_MESSAGES } from './load-lists';
import { toLoadFile } from './load-response';
import * as loadsRepo from './loads.repository';

// A load's documents: upload (active and checkout loads), delete, and download for the roles that see the
// load's list. The file is stored before its row is written and removed again if the save fails; a deleted
// file leaves the storage after the commit.

export function createLoadDocuments(ctx: LoadChange) {
  const { db, now, storage, unit, recordHistory, updateLoadsEvent, canSeeList } = ctx;

  return {
    /** Stores a document of an active or checkout load; the file is removed again if the save fails. */
    async uploadFile(
      caller: CompanyCaller,
      id: number,
      file: IncomingFile,
      fileType: LoadFileType,
    ): Promise<LoadFile> {
      const at = now();
      const name = displayName(file.filename);
      const path = storagePathFor(id, name);
      let stored = false;
      let fileId: number;
      try {
        fileId = await unit.run(async (trx, outbox) => {
          const load = await loadsRepo.lockLoad(trx, caller.companyId, id);
          if (!load) throw notFound();
          refuseWhen(load, 'upload_file', caller);
          checkUpload(file);
          await storage.save(path, file.data);
          stored = true;
          const newId = await filesRepo.insertFile(trx, {
            load_id: id,
            file_type: fileType,
            name,
            storage_path: path,
            size_bytes: file.data.length,
            mime_type: file.mimetype || null,
            uploaded_by: caller.userId,
            created_at: at,
          });
          await recordHistory(trx, caller, id, at, [
            {
              action: 'upload_file',
              field: 'files',
              before: null,
              after: { id: newId, name, file_type: fileType },
            },
          ]);
          outbox.push(updateLoadsEvent(caller.companyId, [id], 'upload_file'));
          return newId;
        });
      } catch (error) {
        if (stored) await storage.remove(path).catch(() => undefined);
        throw error;
      }
      const row = await filesRepo.findCompanyFile(db, caller.companyId, fileId);
      return toLoadFile(row!);
    },

    async deleteFile(caller: CompanyCaller, fileId: number): Promise<void> {
      const at = now();
      const file = await unit.run(async (trx, outbox) => {
        const found = await filesRepo.findCompanyFile(trx, caller.companyId, fileId);
        if (!found) throw notFound();
        const load = await loadsRepo.lockLoad(trx, caller.companyId, found.load_id);
        if (!load) throw notFound();
        refuseWhen(load, 'upload_file', caller);
        await filesRepo.deleteFile(trx, fileId);
        await recordHistory(trx, caller, load.id, at, [
          {
            action: 'delete_file',
            field: 'files',
            before: { id: found.id, name: found.name, file_type: found.file_type },
            after: null,
          },
        ]);
        outbox.push(updateLoadsEvent(caller.companyId, [found.load_id], 'delete_file'));
        return found;
      });
      await storage.remove(file.storage_path).catch(() => undefined);
    },

    /** A document to download: for the roles that see the load's list. */
    async openFile(
      caller: CompanyCaller,
      fileId: number,
    ): Promise<{ stream: Readable; name: string; mimeType: string | null; size: number }> {
      const file = await filesRepo.findCompanyFile(db, caller.companyId, fileId);
      if (!file) throw notFound();
      if (!canSeeList(caller, loadStatusClass(file.load_status))) throw forbidden();
      const stream = await storage.open(file.storage_path);
      if (!stream) throw notFound(LOADS_MESSAGES.fileUnavailable);
      return { stream, name: file.name, mimeType: file.mime_type, size: file.size_bytes };
    },
  };
}
