import { INITIAL_STICKY_STATE, nextStickyState, type StickyState } from './sticky-header';

const HEADER = 72;

function scrollThrough(device: 'mobile' | 'tablet' | 'desktop', positions: number[]): boolean[] {
  let state: StickyState = INITIAL_STICKY_STATE;
  return positions.map((y) => {
    state = nextStickyState(state, y, device, HEADER);
    return state.sticky;
  });
}

describe('nextStickyState on desktop', () => {
  it('sticks only past 200 px and unsticks on the way back', () => {
    expect(scrollThrough('desktop', [0, 150, 200, 201, 800, 201, 200, 0])).toEqual([
      false, false, false, true, true, true, false, false,
    ]);
  });
});

describe('nextStickyState below desktop', () => {
  it('stays away while scrolling down, shows when scrolling up past the header height', () => {
    expect(scrollThrough('mobile', [100, 400, 900, 850, 600, 700])).toEqual([false, false, false, true, true, false]);
  });

  it('does not stick when scrolling up inside the header height, and resets at the top', () => {
    expect(scrollThrough('tablet', [60, 30, 0])).toEqual([false, false, false]);
    expect(scrollThrough('mobile', [500, 300, 40, 0])).toEqual([false, true, true, false]);
  });

  it('keeps its state when the position does not change (a resize)', () => {
    expect(scrollThrough('mobile', [500, 300, 300])).toEqual([false, true, true]);
  });

  it('treats overscroll above the top as the top', () => {
    expect(nextStickyState({ sticky: true, lastY: 300 }, -20, 'mobile', HEADER)).toEqual({ sticky: false, lastY: 0 });
  });
});
