import { copyFile, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOKING_MESSAGES, type BookingSlotsResponse } from '@storefront/contracts';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { addDays, wallClockIn, weekdayOf } from './booking-slots.js';

// The real appointment form and site hours (Monday to Friday 9 to 6, Saturday 10 to 4, Sunday closed, New York time).
const repoContent = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../content');

let contentDir: string;
let testApp: TestApp;
let db: DataSource;

const today = () => wallClockIn('America/New_York', new Date()).date;
/** the n-th weekday (Monday to Friday) from two days ahead: far enough from "too soon", inside the 30 days */
function weekday(n: number): string {
  let date = addDays(today(), 2);
  for (let found = 0; ; date = addDays(date, 1)) {
    if (weekdayOf(date) >= 1 && weekdayOf(date) <= 5 && found++ === n) return date;
  }
}
const booking = (date: string, slot: string, email = 'ann@example.com') => ({
  name: 'appointment',
  formData: { name: 'Ann Lee', email, phone: '7325550100', date, slot },
});
const book = (date: string, slot: string, email?: string) => request(testApp.server).post('/api/forms/appointment').send(booking(date, slot, email));
const slotsOf = async (from: string, to: string) =>
  (await request(testApp.server).get('/api/forms/appointment/slots').query({ from, to }).expect(200)).body as BookingSlotsResponse;

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-booking-'));
  await mkdir(path.join(contentDir, 'forms'));
  await mkdir(path.join(contentDir, 'site'));
  await copyFile(path.join(repoContent, 'site/site.json'), path.join(contentDir, 'site/site.json'));
  await copyFile(path.join(repoContent, 'forms/appointment.json'), path.join(contentDir, 'forms/appointment.json'));
  await writeFile(path.join(contentDir, 'forms/contact.json'), await readFile(path.join(repoContent, 'forms/contact.json')));
  process.env.CONTENT_DIR = contentDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
});

describe('GET /api/forms/:formName/slots', () => {
  it('answers the 30 bookable days from the business today, Sundays closed, every opening-hour slot free', async () => {
    const res = await request(testApp.server).get('/api/forms/appointment/slots').expect(200);
    const body = res.body as BookingSlotsResponse;
    expect(body.timeZone).toBe('America/New_York');
    expect(body.slotMinutes).toBe(60);
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe(today());
    expect(body.days.at(-1)!.date).toBe(addDays(today(), 29));
    for (const day of body.days.filter((d) => d.weekday === 0)) expect(day).toMatchObject({ open: false, slots: [] });
    const monday = body.days.find((d) => d.weekday === 1 && d.date > addDays(today(), 1))!;
    expect(monday.slots).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'].map((time) => ({ time, free: true })));
  });

  it('keeps the range within the bookable days and refuses a range over 31 days or a bad date', async () => {
    const past = await slotsOf(addDays(today(), -10), addDays(today(), 1));
    expect(past.days.map((d) => d.date)).toEqual([today(), addDays(today(), 1)]);

    const tooLong = await request(testApp.server).get('/api/forms/appointment/slots').query({ from: today(), to: addDays(today(), 31) }).expect(400);
    expect(tooLong.body.message).toBe(BOOKING_MESSAGES.rangeTooLong);
    const reversed = await request(testApp.server).get('/api/forms/appointment/slots').query({ from: addDays(today(), 3), to: today() }).expect(400);
    expect(reversed.body.message).toBe(BOOKING_MESSAGES.rangeReversed);
    const badDate = await request(testApp.server).get('/api/forms/appointment/slots').query({ from: '2026-02-30' }).expect(400);
    expect(badDate.body.message).toBe('from must be a date as YYYY-MM-DD');
  });

  it('404 for a form that takes no bookings and for an unknown form', async () => {
    expect((await request(testApp.server).get('/api/forms/contact/slots').expect(404)).body.message).toBe('This form takes no bookings');
    await request(testApp.server).get('/api/forms/no-such-form/slots').expect(404);
  });
});

describe('POST /api/forms/appointment: one booking per slot', () => {
  it('books a free slot, which then shows as taken; a second booking of it is refused with 409 and stores nothing', async () => {
    const date = weekday(0);
    const first = await book(date, '10:00 AM').expect(201);
    const [claim] = await db.query('SELECT submission_id, slot_date::text AS date, start_minute FROM forms.booked_slot WHERE submission_id = $1', [first.body.data.id]);
    expect(claim).toEqual({ submission_id: first.body.data.id, date, start_minute: 600 });

    const [day] = (await slotsOf(date, date)).days;
    expect(day!.slots.find((s) => s.time === '10:00 AM')).toEqual({ time: '10:00 AM', free: false });
    expect(day!.slots.filter((s) => !s.free)).toHaveLength(1);

    // An address no other suite uses: the suites share one database, and the export CLI's suite stores a bob@example.com.
    const loser = 'slot-taken.second@example.com';
    const second = await book(date, '10:00 AM', loser).expect(409);
    expect(second.body).toMatchObject({ message: BOOKING_MESSAGES.slotTaken, errorType: 'slotTaken', errors: { slot: BOOKING_MESSAGES.slotTaken } });
    const stored = await db.query("SELECT count(*)::int AS n FROM forms.form_submission WHERE data->>'email' = $1", [loser]);
    expect(stored).toEqual([{ n: 0 }]);
  });

  it('two visitors sending the same slot at the same moment: exactly one is booked', async () => {
    const date = weekday(1);
    const answers = await Promise.all([book(date, '2:00 PM', 'race.a@example.com'), book(date, '2:00 PM', 'race.b@example.com'), book(date, '2:00 PM', 'race.c@example.com')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const claims = await db.query("SELECT count(*)::int AS n FROM forms.booked_slot WHERE slot_date = $1 AND start_minute = 840", [date]);
    expect(claims).toEqual([{ n: 1 }]);
    const submissions = await db.query("SELECT count(*)::int AS n FROM forms.form_submission WHERE form_name = 'appointment' AND data->>'date' = $1 AND data->>'slot' = '2:00 PM'", [date]);
    expect(submissions).toEqual([{ n: 1 }]);
  });

  it('refuses a closed day, a time outside the hours, a day past the bookable ones and a past day (400 on the slot)', async () => {
    let sunday = addDays(today(), 2);
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    for (const [date, slot] of [
      [sunday, '10:00 AM'],
      [weekday(2), '7:00 PM'],
      [weekday(2), '9:30 AM'],
      [addDays(today(), 30), '10:00 AM'],
      [addDays(today(), -1), '10:00 AM'],
    ] as const) {
      const res = await book(date, slot).expect(400);
      expect(res.body).toMatchObject({ message: BOOKING_MESSAGES.slotUnavailable, errors: { slot: BOOKING_MESSAGES.slotUnavailable } });
    }
  });

  it('a cancelled appointment frees its slot (the unique index counts active bookings only)', async () => {
    const date = weekday(3);
    const first = await book(date, '11:00 AM').expect(201);
    await db.query('UPDATE forms.booked_slot SET cancelled_at = now() WHERE submission_id = $1', [first.body.data.id]);
    expect((await slotsOf(date, date)).days[0]!.slots.find((s) => s.time === '11:00 AM')!.free).toBe(true);
    await book(date, '11:00 AM', 'again@example.com').expect(201);
  });
});
