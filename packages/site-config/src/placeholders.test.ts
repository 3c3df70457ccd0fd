import { resolvePlaceholders } from './placeholders.js';

const data = { site: { phone: '555-0100', name: 'Cabinet Co', rating: 4.8, address: { city: 'Austin' } } };

describe('resolvePlaceholders', () => {
  it('replaces dotted paths inside strings, deeply through objects and arrays', () => {
    const input = {
      title: 'Call {{site.phone}} today',
      items: [{ text: '{{ site.name }} in {{site.address.city}}' }, 'plain'],
      count: 3,
      flag: true,
      nothing: null,
    };
    expect(resolvePlaceholders(input, data)).toEqual({
      title: 'Call 555-0100 today',
      items: [{ text: 'Cabinet Co in Austin' }, 'plain'],
      count: 3,
      flag: true,
      nothing: null,
    });
  });

  it('keeps the value type when the whole string is one placeholder', () => {
    expect(resolvePlaceholders({ stars: '{{site.rating}}' }, data)).toEqual({ stars: 4.8 });
  });

  it('leaves unknown paths as written and reports each one', () => {
    const missing: string[] = [];
    const result = resolvePlaceholders(['{{site.fax}}', 'Mail {{site.email}} or {{site.phone}}'], data, (p) =>
      missing.push(p),
    );
    expect(result).toEqual(['{{site.fax}}', 'Mail {{site.email}} or 555-0100']);
    expect(missing).toEqual(['site.fax', 'site.email']);
  });

  it('does not change the input', () => {
    const input = { text: '{{site.name}}' };
    resolvePlaceholders(input, data);
    expect(input.text).toBe('{{site.name}}');
  });

  it('does not follow inherited properties', () => {
    expect(resolvePlaceholders('{{site.constructor}}', data)).toBe('{{site.constructor}}');
  });
});
