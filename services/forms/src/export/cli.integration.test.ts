import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TINY_PNG, createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';

const run = promisify(execFile);
// the built command, as `npm run submissions` runs it (integration tests run after the build)
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'export', 'cli.js');

// a form of its own: the other integration tests (maybe running at the same time) post to contact
const FORM = 'export-check';
const definition = {
  name: FORM,
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true },
  ],
  buttons: { submit: 'Send' },
};

// files and passwords: file cells list the stored files' paths, passwords never appear
const FILES_FORM = 'export-files-check';
const filesDefinition = {
  name: FILES_FORM,
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'password', type: 'password', label: 'Password', required: true },
    { name: 'photos', type: 'file', label: 'Photos', fileTypes: ['image/png'], maxFiles: 2 },
  ],
  buttons: { submit: 'Send' },
};

let contentDir: string;
let testApp: TestApp;

function exportCsv(...args: string[]) {
  return run(process.execPath, [CLI, 'export', ...args], { env: { ...process.env, CONTENT_DIR: contentDir } });
}

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-export-'));
  await mkdir(path.join(contentDir, 'forms'));
  await writeFile(path.join(contentDir, 'forms', `${FORM}.json`), JSON.stringify(definition));
  await writeFile(path.join(contentDir, 'forms', `${FILES_FORM}.json`), JSON.stringify(filesDefinition));
  process.env.CONTENT_DIR = contentDir;
  process.env.FORMS_UPLOAD_DIR = path.join(contentDir, 'uploads');
  // the rate limit's counts live in the database, shared with the other files' apps on this address
  // (read when the module is loaded, so after the limit is set)
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
});

describe('npm run submissions -- export', () => {
  it('writes the stored submissions of one form as CSV, in the form\'s field order, formulas defused', async () => {
    for (const formData of [
      { message: 'Call me about, "shaker" samples.', email: 'ann@example.com', firstName: 'Ann' },
      { firstName: '=cmd()', email: 'bob@example.com', message: 'Second message here.' },
    ]) {
      await request(testApp.server).post(`/api/forms/${FORM}`).send({ name: FORM, formData }).expect(201);
    }

    const { stdout } = await exportCsv('--form', FORM);
    const lines = stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,form,submitted_at,updated_at,steps,firstName,email,message');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},export-check,\d{4}-\d\d-\d\dT[\d:.]+Z,[^,]+,1,Ann,ann@example.com,"Call me about, ""shaker"" samples."$/);
    expect(lines[2]).toContain(",'=cmd(),bob@example.com,Second message here.");
  });

  it('--since leaves out older submissions, --out writes a file', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const { stdout } = await exportCsv('--form', FORM, '--since', future);
    expect(stdout.trimEnd().split('\r\n')).toHaveLength(1);

    const out = path.join(contentDir, `${FORM}.csv`);
    const { stderr } = await exportCsv('--form', FORM, '--out', out);
    expect(stderr).toContain(`2 submission(s) of "${FORM}" written to ${out}`);
    expect((await readFile(out, 'utf8')).split('\r\n')).toHaveLength(4);
  });

  it('lists uploaded files as absolute paths under FORMS_UPLOAD_DIR and leaves passwords out', async () => {
    await request(testApp.server)
      .post(`/api/forms/${FILES_FORM}`)
      .field('name', FILES_FORM)
      .field('formData', JSON.stringify({ email: 'ann@example.com', password: 'Secret pass 123' }))
      .attach('photos', TINY_PNG, { filename: 'one.png', contentType: 'image/png' })
      .attach('photos', TINY_PNG, { filename: 'two.png', contentType: 'image/png' })
      .expect(201);

    const { stdout } = await exportCsv('--form', FILES_FORM);
    expect(stdout).not.toMatch(/Secret pass|scrypt/);
    const [header, line] = stdout.split('\r\n');
    expect(header).toBe('id,form,submitted_at,updated_at,steps,email,photos');
    const cell = /,"([^"]+)"$/.exec(line!)?.[1] ?? '';
    const paths = cell.split('\n');
    expect(paths).toHaveLength(2);
    for (const file of paths) {
      expect(path.isAbsolute(file)).toBe(true);
      expect(path.dirname(file)).toBe(path.join(contentDir, 'uploads'));
      expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}\.png$/);
      await expect(readFile(file)).resolves.toEqual(TINY_PNG);
    }
  });

  it('says what is wrong with the arguments, and exits 2', async () => {
    await expect(exportCsv('--form', FORM, '--since', 'last week')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--since "last week" is not a date'),
    });
  });
});
