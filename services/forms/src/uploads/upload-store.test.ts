import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

  it('stores an incoming file under a UUID with the given extension (a rename), and removes it again', async () => {
    const store = new UploadStore(path.join(dir, 'nested'));
    await store.init();
    const folder = await store.incomingFolder();
    expect(path.dirname(folder)).toBe(path.join(store.dir, '.incoming'));
    await writeFile(path.join(folder, 'part'), 'photo');
    const name = await store.store(path.join(folder, 'part'), 'png');
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    await expect(readFile(store.pathOf(name), 'utf8')).resolves.toBe('photo');
    expect((await stat(store.pathOf(name))).mode & 0o777).toBe(0o600);
    expect((await readdir(store.dir)).sort()).toEqual(['.incoming', name]);
    expect(await readdir(folder)).toEqual([]);
    await store.remove([name, 'never-there.png']);
    expect(await readdir(store.dir)).toEqual(['.incoming']);
  });

  it('discards a request\'s incoming folder with what is left in it, and nothing outside the incoming folder', async () => {
    const store = new UploadStore(dir);
    await store.init();
    const folder = await store.incomingFolder();
    await writeFile(path.join(folder, 'refused-part'), 'x');
    await store.discardIncoming(folder);
    expect(await readdir(store.incomingDir)).toEqual([]);
    await mkdir(path.join(dir, 'keep'));
    await store.discardIncoming(path.join(dir, 'keep'));
    expect(await readdir(dir)).toContain('keep');
  });
});
