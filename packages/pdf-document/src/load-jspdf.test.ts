import { loadJsPdf } from './load-jspdf.js';

describe('loadJsPdf', () => {
  it("hands over jsPDF's class", async () => {
    const JsPdf = await loadJsPdf();
    expect(new JsPdf({ unit: 'pt', format: 'letter' }).getNumberOfPages()).toBe(1);
  });
});
