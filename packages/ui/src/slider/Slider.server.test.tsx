/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { Slider } from './Slider.js';
import { counterText, emblaDurationFor, resolveSlidesToShow } from './slider-settings.js';

describe('Slider on the server (the real Embla, no window)', () => {
  it('renders every slide with the first one first, the counter at 1 and no inline styles', () => {
    const html = renderToString(
      <Slider
        label="Banners"
        showCounter
        slides={[
          { key: 'a', label: 'First', content: <p>First banner</p> },
          { key: 'b', label: 'Second', content: <p>Second banner</p> },
        ]}
      />,
    );
    expect(typeof window).toBe('undefined');
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.indexOf('First banner')).toBeLessThan(html.indexOf('Second banner'));
    expect(html).toContain('1 / 2');
    expect(html).not.toContain('style=');
  });
});

describe('slider settings', () => {
  it('maps the spec speed onto Embla’s duration scale', () => {
    expect(emblaDurationFor(500)).toBe(25);
    expect(emblaDurationFor(5000)).toBe(60);
    expect(emblaDurationFor(0)).toBe(0);
  });

  it('resolves slides to show per device class', () => {
    expect(resolveSlidesToShow(undefined)).toEqual({ mobile: 1, tablet: 1, desktop: 1 });
    expect(resolveSlidesToShow(2)).toEqual({ mobile: 2, tablet: 2, desktop: 2 });
    expect(resolveSlidesToShow({ desktop: 3 })).toEqual({ mobile: 1, tablet: 2, desktop: 3 });
    expect(resolveSlidesToShow({ desktop: 9, tablet: 0 })).toEqual({ mobile: 1, tablet: 1, desktop: 4 });
  });

  it('counts from one', () => {
    expect(counterText(1, 5)).toBe('2 / 5');
    expect(counterText(0, 0)).toBe('1 / 1');
  });
});
