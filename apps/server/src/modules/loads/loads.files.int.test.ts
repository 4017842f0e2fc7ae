import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadDetail, LoadFile } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { createWorld, insertLoad, LOADS_API, multipart, uploadDocument } from './loads.fixtures';

const { database, testApp, world } = setUpTestApp(createWorld);

function upload(
  loadId: number,
  fields: Record<string, string>,
  files: [string, string, string, Buffer][],
  session = world.sessions.dispatcher,
) {
  const form = multipart(fields, files);
  return testApp.app.inject({
    method: 'PUT',
    url: `${LOADS_API}/active/${loadId}/upload-file`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
}

const fileCount = async (loadId: number) =>
  (await database.db.selectFrom('load_files').select('id').where('load_id', '=', loadId).execute()).length;

describe('PUT loads/active/{id}/upload-file', () => {
  it('stores the typed document under the data directory and answers it; download gives it back', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const content = Buffer.from('%PDF-1.4 bill of lading');
    const recorder = recordEvents(testApp.bus);
    const response = await upload(id, { file_type: 'bill_of_lading' }, [
      ['file', 'BOL №7.pdf', 'application/pdf', content],
    ]);
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json<LoadFile>();
    expect(file).toMatchObject({
      file_type: 'bill_of_lading',
      name: 'BOL №7.pdf',
      size: content.length,
      mime_type: 'application/pdf',
      url: `/backend/api/v2/loads/files/${file.id}/download`,
      uploaded_by: { id: world.users.dispatcher.id },
    });
    const row = await database.db
      .selectFrom('load_files')
      .select('storage_path')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(existsSync(join(testApp.config.dataDir, 'uploads', row.storage_path))).toBe(true);
    expect(recorder.events).toEqual([
      {
        event: 'update_loads',
        data: { ids: [id], action: 'upload_file' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
    ]);

    const download = await testApp.app.inject({
      method: 'GET',
      url: file.url,
      headers: world.sessions.tracker.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('BOL №7.pdf')}`,
    );

    const load = (
      await testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/active/${id}`,
        headers: world.sessions.dispatcher.headers,
      })
    ).json<LoadDetail>();
    expect(load.files.map((entry) => entry.id)).toEqual([file.id]);
    // Status 2 -> 3 needs nothing; the hint is empty.
    expect(load.missing_documents).toEqual([]);
  });

  it('takes a file of exactly 25,000,000 bytes and answers 413 for one byte more', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const limit = 25_000_000;
    const accepted = await upload(id, { file_type: 'other' }, [
      ['file', 'scan.pdf', 'application/pdf', Buffer.alloc(limit, 1)],
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refused = await upload(id, { file_type: 'other' }, [
      ['file', 'scan.pdf', 'application/pdf', Buffer.alloc(limit + 1, 1)],
    ]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: 'The file is larger than 25,000,000 bytes.',
      code: 'file_too_large',
      fields: { file: ['The file is larger than 25,000,000 bytes.'] },
    });
    expect(await fileCount(id)).toBe(1);
  });

  it('refuses executables, empty files, a missing file and an unknown type with 400', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const cases: [Record<string, string>, [string, string, string, Buffer][], string, string][] = [
      [
        { file_type: 'other' },
        [['file', 'setup.exe', 'application/octet-stream', Buffer.from('MZ')]],
        'file',
        'Executable files cannot be uploaded.',
      ],
      [
        { file_type: 'other' },
        [['file', 'run.pdf', 'application/x-msdownload', Buffer.from('MZ')]],
        'file',
        'Executable files cannot be uploaded.',
      ],
      [
        { file_type: 'other' },
        [['file', 'empty.pdf', 'application/pdf', Buffer.alloc(0)]],
        'file',
        'The file is empty.',
      ],
      [{ file_type: 'other' }, [], 'file', 'Choose a file to upload.'],
      [
        { file_type: 'invoice' },
        [['file', 'a.pdf', 'application/pdf', Buffer.from('x')]],
        'file_type',
        'Choose the document type',
      ],
    ];
    for (const [fields, files, field, message] of cases) {
      const response = await upload(id, fields, files);
      expect(response.statusCode, message).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], message).toEqual([message]);
    }
    expect(await fileCount(id)).toBe(0);
  });

  it('adds files to active and checkout loads only; trackers may, accountants may not', async () => {
    const completed = await insertLoad(database.db, world.company.id, { status: 10 });
    const refused = await upload(completed, {}, [['file', 'a.pdf', 'application/pdf', Buffer.from('x')]]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Files can be added only to an active load or one in checkout.',
      code: 'upload_not_allowed',
    });
    const checkout = await insertLoad(database.db, world.company.id, { status: 8 });
    const stored = await upload(
      checkout,
      {},
      [['file', 'a.pdf', 'application/pdf', Buffer.from('x')]],
      world.sessions.tracker,
    );
    expect(stored.statusCode).toBe(200);
    expect(stored.json<LoadFile>().file_type).toBe('other');
    const accountant = await upload(
      checkout,
      {},
      [['file', 'a.pdf', 'application/pdf', Buffer.from('x')]],
      world.sessions.accountant,
    );
    expect(accountant.statusCode).toBe(403);
  });

  it("answers 404 for another company's load and file", async () => {
    const other = await createCompany(database.db);
    const stranger = await createUser(database.db, { companyId: other.id, role: 5 });
    const session = await login(testApp.app, stranger.email, stranger.password);
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const file = await uploadDocument(testApp.app, world.sessions.dispatcher, id, 'rate_confirmation');
    expect(
      (await upload(id, {}, [['file', 'a.pdf', 'application/pdf', Buffer.from('x')]], session)).statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'GET', url: file.url, headers: session.headers })).statusCode,
    ).toBe(404);
    const del = await testApp.app.inject({
      method: 'DELETE',
      url: `${LOADS_API}/files/${file.id}/delete`,
      headers: session.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(await fileCount(id)).toBe(1);
  });
});

describe('DELETE loads/files/{id}/delete', () => {
  it('removes the file from the load and from storage, with history', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const file = await uploadDocument(testApp.app, world.sessions.dispatcher, id, 'rate_confirmation');
    const row = await database.db
      .selectFrom('load_files')
      .select('storage_path')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const onDisk = join(testApp.config.dataDir, 'uploads', row.storage_path);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `${LOADS_API}/files/${file.id}/delete`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'The file has been deleted.' });
    expect(await fileCount(id)).toBe(0);
    expect(existsSync(onDisk)).toBe(false);
    const load = (
      await testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/active/${id}`,
        headers: world.sessions.dispatcher.headers,
      })
    ).json<LoadDetail>();
    expect(load.history.at(-1)).toMatchObject({
      action: 'delete_file',
      before: { id: file.id, name: 'rate_confirmation.pdf', file_type: 'rate_confirmation' },
      after: null,
    });
    const again = await testApp.app.inject({
      method: 'DELETE',
      url: `${LOADS_API}/files/${file.id}/delete`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a download whose file is not on disk (demo documents are metadata only)', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2, files: ['rate_confirmation'] });
    const [file] = await database.db
      .selectFrom('load_files')
      .select('id')
      .where('load_id', '=', id)
      .execute();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/files/${file!.id}/download`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'The file is not available.', code: 'not_found' });
  });

  it("downloads for the roles that see the load's list: 403 for a tracker on a completed load, HR", async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 10, files: ['proof_of_delivery'] });
    const [file] = await database.db
      .selectFrom('load_files')
      .select('id')
      .where('load_id', '=', id)
      .execute();
    const download = (session: (typeof world.sessions)['tracker']) =>
      testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/files/${file!.id}/download`,
        headers: session.headers,
      });
    expect((await download(world.sessions.tracker)).statusCode).toBe(403);
    expect((await download(world.sessions.hr)).statusCode).toBe(403);
    expect((await download(world.sessions.accountant)).statusCode).toBe(404);
  });
});
