import { randomUUID } from 'node:crypto';
import { LOAD_FILE_CODES, LOAD_FILE_MESSAGES, loadFileRefusal } from '@app/domain/loads/load-lifecycle.rules';
import { refuse } from '../../http/errors';

// Documents of a load on disk: under DATA_DIR/uploads/loads/{load id}/, each under a fresh name so that two
// uploads of 'BOL.pdf' never overwrite each other; the name the user gave is kept in the database.

export const FILE_FIELD = 'file';

export type IncomingFile = { data: Buffer; filename: string; mimetype: string };

/** Refuses an upload the domain refuses: over 25,000,000 bytes (413), a program or an empty file (400). */
export function checkUpload(file: IncomingFile): void {
  const refusal = loadFileRefusal({ name: file.filename, mime: file.mimetype, size: file.data.length });
  if (refusal === null) return;
  const key = (Object.keys(LOAD_FILE_MESSAGES) as (keyof typeof LOAD_FILE_MESSAGES)[]).find(
    (candidate) => LOAD_FILE_MESSAGES[candidate] === refusal,
  );
  throw refuse(key ? LOAD_FILE_CODES[key] : 'bad_request', refusal, { [FILE_FIELD]: [refusal] });
}

/** The name shown for a file: the last path part the browser sent, without control characters. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.slice(-255) || 'file';
}

/** Where the file is stored, relative to the storage root. */
export function storagePathFor(loadId: number, name: string): string {
  const dot = name.lastIndexOf('.');
  const extension =
    dot > 0
      ? name
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return `loads/${loadId}/${randomUUID()}${extension ? `.${extension.toLowerCase()}` : ''}`;
}

/** A Content-Disposition header that downloads the file under its name (RFC 6266, any characters). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
