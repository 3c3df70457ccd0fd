import { startAuthorizeNetStandIn, type AuthorizeNetStandIn } from './authorizenet-stand-in.js';

/** The reporting calls a caller finds settled transactions by, over real HTTP, with Authorize.Net's checks. */
let standIn: AuthorizeNetStandIn;
beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn();
});
afterAll(() => standIn.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Authorize.Net's answers, read loosely by each check
async function api(kind: string, fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const merchantAuthentication = { name: standIn.credentials.apiLoginId, transactionKey: standIn.credentials.transactionKey };
  const res = await fetch(`${standIn.url}/xml/v1/request.api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [kind]: { merchantAuthentication, ...fields } }) });
  return JSON.parse((await res.text()).replace(/^\uFEFF/, ''));
}

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the Authorize.Net stand-in: settled batches', () => {
  it('lists the batches settled between two dates at most 31 days apart, both given or neither (then the last 24 hours)', async () => {
    standIn.settle(new Date(Date.now() - 2 * day)); // nothing to settle: no batch
    expect(standIn.batches).toHaveLength(0);
    expect(await api('getSettledBatchListRequest')).toMatchObject({ messages: { resultCode: 'Ok', message: [{ code: 'I00004' }] } });

    const onlyFirst = await api('getSettledBatchListRequest', { firstSettlementDate: iso(Date.now() - day) });
    expect(onlyFirst.messages.resultCode).toBe('Error');
    const tooLong = await api('getSettledBatchListRequest', { firstSettlementDate: iso(Date.now() - 32 * day), lastSettlementDate: iso(Date.now()) });
    expect(tooLong.messages).toMatchObject({ resultCode: 'Error', message: [{ text: expect.stringMatching(/31 days/) }] });
    const backwards = await api('getSettledBatchListRequest', { firstSettlementDate: iso(Date.now()), lastSettlementDate: iso(Date.now() - day) });
    expect(backwards.messages.resultCode).toBe('Error');
    // One clock reading for both ends: two would put the range a millisecond past 31 days now and then.
    const now = Date.now();
    const month = await api('getSettledBatchListRequest', { firstSettlementDate: iso(now - 31 * day), lastSettlementDate: iso(now) });
    expect(month.messages.resultCode).toBe('Ok');
  });

  it("refuses a page of more than 1000 and a transaction list without its batch; an unknown batch lists nothing", async () => {
    const refused = await api('getTransactionListRequest', { batchId: '1', paging: { limit: 1001, offset: 1 } });
    expect(refused.messages.resultCode).toBe('Error');
    expect((await api('getTransactionListRequest', {})).messages.resultCode).toBe('Error');
    expect(await api('getTransactionListRequest', { batchId: '1' })).toMatchObject({ totalNumInResultSet: 0, messages: { resultCode: 'Ok', message: [{ code: 'I00004' }] } });
  });
});
