import type { CardFieldsHandle } from './card-fields.js';
import { cardFieldsSlot } from './card-fields-slot.js';

const fields = { tokenize: jest.fn(), focus: jest.fn(), clear: jest.fn(), destroy: jest.fn() } as unknown as CardFieldsHandle;

describe('cardFieldsSlot', () => {
  afterEach(() => jest.useRealTimers());

  it('while the fields are on their way, ready() waits for them', async () => {
    const slot = cardFieldsSlot();
    slot.expect();
    const ready = slot.ready();
    slot.set(fields);
    await expect(ready).resolves.toBe(fields);
    expect(slot.current()).toBe(fields);
  });

  it('fields that failed (or went) answer null at once: nothing to wait for', async () => {
    const slot = cardFieldsSlot();
    slot.expect();
    slot.set(null);
    await expect(slot.ready()).resolves.toBeNull();
  });

  it('fields that never answer: null after the bound', async () => {
    jest.useFakeTimers();
    const slot = cardFieldsSlot(1000);
    slot.expect();
    const ready = slot.ready();
    jest.advanceTimersByTime(1000);
    await expect(ready).resolves.toBeNull();
  });

  it('another card method chosen: its fields are waited for again', async () => {
    const slot = cardFieldsSlot();
    slot.set(fields);
    slot.set(null); // the first method's fields unmounted
    slot.expect();
    const ready = slot.ready();
    const next = { ...fields } as CardFieldsHandle;
    slot.set(next);
    await expect(ready).resolves.toBe(next);
  });
});
