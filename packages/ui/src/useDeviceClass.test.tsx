import { act, render, screen } from '@testing-library/react';
import { deviceClassFor, useDeviceClass } from './useDeviceClass.js';

function ShowDevice() {
  return <p>{useDeviceClass()}</p>;
}

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

describe('device class', () => {
  it.each([
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1200, 'tablet'],
    [1201, 'desktop'],
    [1440, 'desktop'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(deviceClassFor(width)).toBe(expected);
  });

  it('follows the window as it is resized', () => {
    resizeTo(1440);
    render(<ShowDevice />);
    expect(screen.getByText('desktop')).toBeInTheDocument();
    resizeTo(900);
    expect(screen.getByText('tablet')).toBeInTheDocument();
    resizeTo(375);
    expect(screen.getByText('mobile')).toBeInTheDocument();
  });
});
