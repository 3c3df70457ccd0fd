import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UploadStore, displayFileName, uploadDir } from './upload-store.js';

describe('uploadDir', () => {
  it('is FORMS_UPLOAD_DIR, else .data/uploads at the repository root', () => {
    expect(uploadDir({ FORMS_UPLOAD_DIR: '/srv/uploads' })).toBe('/srv/uploads');
    expect(uploadDir({})).toBe(path.resolve(__dirname, '..', '..', '..', '..', '.data', 'uploads'));
  });
});

describe('displayFileName', () => {
  it('drops folders and characters that could mean something to a file system or a spreadsheet', () => {
    expect(displayFileName('C:\\Users\\ann\\kitchen photo.JPG')).toBe('kitchen photo.JPG');
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('a<b>:"c|?*\u0007.png')).toBe('a_b___c____.png');
    expect(displayFileName('..hidden')).toBe('hidden');
    expect(displayFileName('')).toBe('file');
  });

  it('cuts long names to 200 characters and keeps the extension', () => {
    const name = displayFileName(`${'x'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('UploadStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'forms-uploads-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores content under a UUID with the given extension, and removes it again', async () => {
    const store = new UploadStore(path.join(dir, 'nested'));
    await store.init();
    const name = await store.save(Buffer.from('photo'), 'png');
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    await expect(readFile(store.pathOf(name), 'utf8')).resolves.toBe('photo');
    expect(await readdir(store.dir)).toEqual([name]);
    await store.remove([name, 'never-there.png']);
    expect(await readdir(store.dir)).toEqual([]);
  });
});
