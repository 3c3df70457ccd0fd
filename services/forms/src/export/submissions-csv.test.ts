import { submissionsCsv } from './submissions-csv.js';

const at = new Date('2026-11-20T10:00:00.000Z');

describe('submissions CSV', () => {
  it('has a header, the fixed columns, then the definition order and any other stored field', () => {
    const csv = submissionsCsv(
      [
        { id: 'a', formName: 'contact', data: { email: 'ann@example.com', name: 'Ann' }, stepCount: 1, createdAt: at, updatedAt: at },
        { id: 'b', formName: 'contact', data: { name: 'Bob', legacy: 'x' }, stepCount: 1, createdAt: at, updatedAt: at },
      ],
      ['name', 'email'],
    );
    expect(csv.split('\r\n')).toEqual([
      'id,form,submitted_at,updated_at,steps,name,email,legacy',
      'a,contact,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,Ann,ann@example.com,',
      'b,contact,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,Bob,,x',
      '',
    ]);
  });

  it("writes each cell with the kit's CSV rules: quoted where it must be, formulas defused", () => {
    const csv = submissionsCsv([{ id: 'a', formName: 'contact', data: { message: 'a, "b"\nc', name: '=HYPERLINK("x")' }, stepCount: 1, createdAt: at, updatedAt: at }], ['name', 'message']);
    expect(csv.split('\r\n')[1]).toBe('a,contact,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,"\'=HYPERLINK(""x"")","a, ""b""\nc"');
  });
});

describe('submissions CSV with files and passwords', () => {
  const fileRow = {
    id: 'c',
    formName: 'claim',
    data: {
      email: 'ann@example.com',
      password: 'scrypt$N=32768,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNo',
      address: { street: '1 Main St', pin: 'scrypt$N=32768,r=8,p=1$c2FsdA$aGFzaA' },
      photos: [
        { fileId: 'f1', name: 'a.png', size: 1, type: 'image/png' },
        { fileId: 'f2', name: 'b.png', size: 1, type: 'image/png' },
      ],
      legacyPassword: 'scrypt$N=16384,r=8,p=1$c2FsdA$aGFzaA',
    },
    stepCount: 1,
    createdAt: at,
    updatedAt: at,
    files: [
      { id: 'f1', storedName: '1111.png' },
      { id: 'f2', storedName: '2222.png' },
    ],
  };

  it('lists each file field\'s stored files as absolute paths, one per line, and leaves passwords out', () => {
    const csv = submissionsCsv([fileRow], ['email', 'password', 'address', 'photos', 'receipt'], {
      uploadDir: '/srv/uploads',
      fileFields: new Set(['photos', 'receipt']),
      passwordFields: new Set(['password', 'address.pin']),
    });
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('id,form,submitted_at,updated_at,steps,email,address,photos,receipt,legacyPassword');
    expect(line).toBe(
      'c,claim,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z,1,ann@example.com,"{""street"":""1 Main St""}","/srv/uploads/1111.png\n/srv/uploads/2222.png",,',
    );
    expect(csv).not.toContain('scrypt');
  });
});
