import type { DataSource, EntityManager } from 'typeorm';
import { readAll } from './admin-orders.js';

/** A stand-in that records how many of its reads ran at once. */
function reads(count: number) {
  let running = 0;
  let most = 0;
  const read = (value: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return value;
  };
  return { list: Array.from({ length: count }, (_, index) => read(index)), mostAtOnce: () => most };
}

describe('readAll (the reads of an order detail)', () => {
  it("runs them one after the other on a transaction's manager: its one connection takes one query at a time", async () => {
    const inTransaction = { query: jest.fn(), queryRunner: {} } as unknown as EntityManager;
    const { list, mostAtOnce } = reads(6);
    await expect(readAll(inTransaction, list)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(mostAtOnce()).toBe(1);
  });

  it('runs them side by side on the pool (a DataSource, or a manager outside a transaction), in order', async () => {
    for (const pool of [{ query: jest.fn(), manager: {} } as unknown as DataSource, { query: jest.fn(), queryRunner: undefined } as unknown as EntityManager]) {
      const { list, mostAtOnce } = reads(6);
      await expect(readAll(pool, list)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
      expect(mostAtOnce()).toBe(6);
    }
  });
});
