import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, accountAddressResponseSchema, accountAddressesResponseSchema, accountRoutes, type AccountAddress } from '@storefront/contracts';
import { register, signedInWrite, startAccountsTestApp, type AccountsTestApp, type Browser } from '../../testing/accounts-test-app.js';
import { MAX_ADDRESSES_PER_CUSTOMER, TOO_MANY_ADDRESSES_MESSAGE } from './addresses.service.js';

// Saved addresses over HTTP on real PostgreSQL: defaults, the bound, idempotent creates, and that
// one customer can never read or change another's.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const home = { firstName: 'Ann', lastName: 'Lee', street1: '1 Main St', city: 'Newark', state: 'nj', zipCode: '07102', countryId: 'us', phoneNumber: '2125550100' };
const pathOf = (id: string) => accountRoutes.updateAddress.path.replace(':id', id);

const list = async (browser: Browser): Promise<AccountAddress[]> => {
  const answer = await app.api().get(accountRoutes.addresses.path).set('Cookie', browser.cookie).expect(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  return accountAddressesResponseSchema.validateSync(answer.body, { strict: true }).data;
};
const create = (browser: Browser, body: Record<string, unknown>) => signedInWrite(app.api().post(accountRoutes.createAddress.path), browser).send(body);
const update = (browser: Browser, id: string, body: Record<string, unknown>) => signedInWrite(app.api().put(pathOf(id)), browser).send(body);
const remove = (browser: Browser, id: string) => signedInWrite(app.api().delete(pathOf(id)), browser);

/** A customer without the registration's address. */
const bare = () => register(app, undefined, { phone: '' });

describe('addresses', () => {
  it("makes a customer's first address both defaults, and marks defaults primary, others unverified", async () => {
    const ann = await bare();
    const first = accountAddressResponseSchema.validateSync((await create(ann, home).expect(201)).body, { strict: true }).data;
    expect(first).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true, status: 'primary', state: 'NJ', countryId: 'US', company: '', street2: '' });
    const second = (await create(ann, { ...home, street1: '2 Main St' }).expect(201)).body.data as AccountAddress;
    expect(second).toMatchObject({ isDefaultShipping: false, isDefaultBilling: false, status: 'unverified' });
  });

  it('setting a default clears it on every other address of the customer, in one go', async () => {
    const ann = await bare();
    const a = (await create(ann, home).expect(201)).body.data as AccountAddress;
    const b = (await create(ann, { ...home, street1: '2 Main St', isDefaultShipping: true }).expect(201)).body.data as AccountAddress;
    let all = await list(ann);
    expect(all.find((x) => x.id === a.id)).toMatchObject({ isDefaultShipping: false, isDefaultBilling: true });
    expect(all.find((x) => x.id === b.id)).toMatchObject({ isDefaultShipping: true, isDefaultBilling: false });
    // PUT moves billing to b as well
    await update(ann, b.id, { ...home, street1: '2 Main St', isDefaultShipping: true, isDefaultBilling: true }).expect(200);
    all = await list(ann);
    expect(all.map((x) => [x.id, x.isDefaultShipping, x.isDefaultBilling])).toEqual([
      [b.id, true, true],
      [a.id, false, false],
    ]);
    // the profile names the defaults
    const me = await app.api().get(accountRoutes.me.path).set('Cookie', ann.cookie).expect(200);
    expect(me.body.data.customer).toMatchObject({ defaultShipping: b.id, defaultBilling: b.id });
    // one default of each kind, ever
    const [{ shipping, billing }] = await app.db.query(
      `SELECT count(*) FILTER (WHERE is_default_shipping)::int AS shipping, count(*) FILTER (WHERE is_default_billing)::int AS billing FROM orders.customer_address WHERE customer_id = $1`,
      [ann.customerId],
    );
    expect({ shipping, billing }).toEqual({ shipping: 1, billing: 1 });
  });

  it('lists defaults first, then the newest', async () => {
    const ann = await bare();
    const a = (await create(ann, home).expect(201)).body.data as AccountAddress;
    const b = (await create(ann, { ...home, street1: '2 Main St' }).expect(201)).body.data as AccountAddress;
    const c = (await create(ann, { ...home, street1: '3 Main St' }).expect(201)).body.data as AccountAddress;
    expect((await list(ann)).map((x) => x.id)).toEqual([a.id, c.id, b.id]);
  });

  it("refuses an address that breaks the checkout's rules, with their messages per field", async () => {
    const ann = await bare();
    const answer = await create(ann, { ...home, zipCode: 'abc', phoneNumber: '12' }).expect(400);
    expect(answer.body.errors).toMatchObject({ zipCode: expect.any(String), phoneNumber: expect.any(String) });
  });

  it('deletes one, answering the spec\'s body; a second delete is 404', async () => {
    const ann = await bare();
    const a = (await create(ann, home).expect(201)).body.data as AccountAddress;
    const answer = await remove(ann, a.id).expect(200);
    expect(answer.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.addressDeleted });
    const again = await remove(ann, a.id).expect(404);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.addressNotFound);
    await remove(ann, 'not-an-id').expect(404);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses per customer`, async () => {
    const ann = await bare();
    const values = Array.from({ length: MAX_ADDRESSES_PER_CUSTOMER }, (_, n) => `('${ann.customerId}', '${n} Main St')`).join(', ');
    await app.db.query(`INSERT INTO orders.customer_address (customer_id, street1) VALUES ${values}`);
    const answer = await create(ann, home).expect(400);
    expect(answer.body.message).toBe(TOO_MANY_ADDRESSES_MESSAGE);
  });

  it('answers a repeated create (same Idempotency-Key) the same and stores one address; another customer with that key gets no replay', async () => {
    const ann = await bare();
    const key = randomUUID();
    const first = await create(ann, home).set('Idempotency-Key', key).expect(201);
    const again = await create(ann, home).set('Idempotency-Key', key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await list(ann)).toHaveLength(1);
    const bob = await bare();
    const other = await create(bob, home).set('Idempotency-Key', key).expect(422);
    expect(JSON.stringify(other.body)).not.toContain(first.body.data.id);
  });

  it('needs a session: 401 without one', async () => {
    await app.api().get(accountRoutes.addresses.path).expect(401);
    await app.api().post(accountRoutes.createAddress.path).send(home).expect(401);
  });
});

describe("one customer and another's addresses", () => {
  it('N forged requests for the other customer\'s address: 0 accepted, nothing told, nothing changed', async () => {
    const ann = await bare();
    const mallory = await bare();
    const annAddress = (await create(ann, home).expect(201)).body.data as AccountAddress;
    await create(mallory, { ...home, street1: '9 Elm St' }).expect(201);
    const attempts = [
      () => update(mallory, annAddress.id, { ...home, street1: 'Stolen St' }),
      () => update(mallory, annAddress.id, { ...home, isDefaultShipping: true }),
      () => remove(mallory, annAddress.id),
      () => update(mallory, annAddress.id.toUpperCase(), { ...home, street1: 'Stolen St' }),
      () => remove(mallory, annAddress.id.toUpperCase()),
      // mallory's session with ann's CSRF token, and ann's cookie with mallory's token
      () => app.api().put(pathOf(annAddress.id)).set('Cookie', mallory.cookie).set('X-CSRF-Token', ann.csrf).send(home),
      () => app.api().delete(pathOf(annAddress.id)).set('Cookie', ann.cookie).set('X-CSRF-Token', mallory.csrf),
      () => app.api().delete(pathOf(annAddress.id)),
    ];
    const answers = [];
    for (let round = 0; round < 3; round++) for (const attempt of attempts) answers.push(await attempt());
    expect(answers.filter((answer) => answer.status < 400)).toHaveLength(0);
    for (const answer of answers) {
      expect([401, 403, 404]).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toContain('Main St');
    }
    // mallory's own list never shows ann's address
    expect((await list(mallory)).map((x) => x.id)).not.toContain(annAddress.id);
    // ann's address is as it was
    expect((await list(ann)).find((x) => x.id === annAddress.id)).toEqual(annAddress);
  });
});
