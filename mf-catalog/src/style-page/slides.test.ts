import { thumbnailWindow } from './slides.js';

describe('thumbnailWindow', () => {
  it('shows min(3, count) thumbnails', () => {
    expect(thumbnailWindow(1, 0)).toEqual([0]);
    expect(thumbnailWindow(2, 1)).toEqual([0, 1]);
    expect(thumbnailWindow(5, 0)).toEqual([0, 1, 2]);
  });

  it('keeps the current slide inside the window', () => {
    expect(thumbnailWindow(5, 3)).toEqual([2, 3, 4]);
    expect(thumbnailWindow(5, 4)).toEqual([2, 3, 4]);
  });
});
