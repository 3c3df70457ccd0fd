import { parseExportArgs } from './export-args.js';

describe('parseExportArgs', () => {
  it('reads the form, a since date and an output file', () => {
    expect(parseExportArgs(['export', '--form', 'contact'])).toEqual({ form: 'contact' });
    expect(parseExportArgs(['export', '--form', 'free-kitchen-design', '--since', '2026-11-01', '--out', 'fkd.csv'])).toEqual({
      form: 'free-kitchen-design',
      since: new Date('2026-11-01'),
      out: 'fkd.csv',
    });
  });

  it.each([
    [[], 'usage:'],
    [['import'], 'unknown command "import"'],
    [['export'], '--form is required'],
    [['export', '--form'], '--form needs a value'],
    [['export', '--form', '../etc'], 'is not a form name'],
    [['export', '--form', 'contact', '--since', 'yesterday'], '--since "yesterday" is not a date'],
    [['export', '--form', 'contact', '--limit', '3'], 'unknown option "--limit"'],
  ])('%j -> a clear message', (argv, message) => {
    const result = parseExportArgs(argv);
    expect('error' in result && result.error).toContain(message);
  });
});
