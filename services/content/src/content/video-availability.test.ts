import type { AssemblyVideo, Block, ConfirmedVideo, ProductStyle } from '@storefront/contracts';
import { withBlockVideoAvailability, withStyleVideoAvailability, withVideoCardAvailability } from './video-availability.js';

const registry: ConfirmedVideo[] = [
  { provider: 'youtube', id: 'realVideo01', title: 'Real', duration: 'PT1M', uploadDate: '2026-01-01', thumbnail: '/images/videos/real.svg' },
];

describe('video availability', () => {
  it('marks a YouTube card the registry does not confirm, and leaves confirmed ones and our own files alone', () => {
    expect(withVideoCardAvailability({ videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=hwMeasure01', title: 'x' }, registry)).toMatchObject({ unconfirmed: true });
    expect(withVideoCardAvailability({ videoType: 'youtube', videoUrl: 'https://youtu.be/realVideo01', title: 'x' }, registry)).not.toHaveProperty('unconfirmed');
    // our own file exists (the content check proves it), so it plays unregistered
    expect(withVideoCardAvailability({ videoType: 'video', videoUrl: '/images/videos/other.webm', title: 'x' }, registry)).not.toHaveProperty('unconfirmed');
  });

  it("marks the video cards of a page's video-cards blocks only", () => {
    const blocks = [
      { id: 'v', type: 'video-cards', videos: [{ videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=hwMeasure01', title: 'x' }] },
      { id: 'b', type: 'banner' },
    ] as Block[];
    const [cards, banner] = withBlockVideoAvailability(blocks, registry);
    expect((cards as { videos: unknown[] }).videos[0]).toMatchObject({ unconfirmed: true });
    expect(banner).toBe(blocks[1]);
  });

  it("marks a style's unconfirmed assembly videos", () => {
    const style = {
      name: 'ssw',
      specifications: {
        specView: 'tabbing',
        specs: [
          { name: 'assembly-videos', title: 'Assembly Videos', props: [], videos: [
            { title: 'Placeholder', youtubeId: 'rtaBaseAsm0', thumbnail: '/images/a.svg' },
            { title: 'Real', youtubeId: 'realVideo01', thumbnail: '/images/b.svg' },
          ] },
        ],
      },
    } as unknown as ProductStyle;
    const videos = withStyleVideoAvailability(style, registry).specifications!.specs[0]!.videos as AssemblyVideo[];
    expect(videos.map((video) => video.unconfirmed)).toEqual([true, undefined]);
  });
});
