import { FRAME_PAGE_CSP, hostedFieldsFramePage } from './frame-page.js';
import { FRAME_INITIAL_HEIGHT } from './protocol.js';

describe('the card frame page', () => {
  it('hosted: labelled numeric inputs with their error lines, and no name a form could submit', () => {
    const html = hostedFieldsFramePage('hosted', new Date(2026, 10, 23));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const id of ['cardNumber', 'cardExpiry', 'cardCvc']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*inputmode="numeric"[^>]*aria-describedby="${id}-error"|<input id="${id}"[^>]*aria-describedby="${id}-error"[^>]*inputmode="numeric"`));
      expect(html).toContain(`<p id="${id}-error" class="error" role="alert" hidden></p>`);
    }
    expect(html).toContain('id="paymentElement-error"');
    expect(html).not.toMatch(/<(input|select)[^>]*\sname=/);
    expect(html).toContain('<script src="/api/payment/sandbox/hosted-fields/frame.js"></script>');
    expect(html).not.toMatch(/<script>|\sstyle="/);
  });

  it('direct: number, month and year choices, CVV', () => {
    const html = hostedFieldsFramePage('direct', new Date(2026, 10, 23));
    expect(html).toContain('data-layout="direct"');
    expect(html).toContain('<select id="expMonth" autocomplete="cc-exp-month"');
    expect(html).toContain('<option value="2036">2036</option>');
    expect(html).not.toContain('2037');
    expect(html).toContain('<label for="cardCode">CVV');
    expect(html).not.toContain('paymentElement-error');
  });

  it('allows exactly its own script, its own stylesheet, no request, no form post, framing by this origin', () => {
    expect(FRAME_PAGE_CSP).toMatch(/^default-src 'none'; script-src 'self'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'none'; frame-ancestors 'self'; base-uri 'none'$/);
  });

  it('reserves the height its two rows take (4 + 68 + 12 + 68 + 4 px)', () => {
    expect(FRAME_INITIAL_HEIGHT).toBe(4 + 20 + 4 + 44 + 12 + 20 + 4 + 44 + 4);
  });
});
